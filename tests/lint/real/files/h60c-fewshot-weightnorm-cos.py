# Synthetic rewrite of the shape of alexalex222/few_shot_swa_public:models/cos_classifier.py at 15c2595766a2da70c65cc19a35fe25a48838e89c (licence GPL-3.0-only); not the original text.
"""Few-shot head whose class vectors are kept at a learnt length via weight normalisation."""
import torch
from torch import nn
from torch.nn.utils import weight_norm


class NormedHead(nn.Module):
    def __init__(self, in_dim, n_way, temperature=2.0):
        super().__init__()
        # each output row gets its own direction / magnitude split
        self.proj = weight_norm(nn.Linear(in_dim, n_way, bias=False), name="weight", dim=0)
        self.temperature = temperature
        self.dev = "cuda" if torch.cuda.is_available() else "cpu"

    def forward(self, feats):
        return self.temperature * self.proj(feats)

    def train_on_support(self, feats, labels, steps=150):
        opt = torch.optim.Adam(self.parameters(), lr=5e-3)
        crit = nn.CrossEntropyLoss()
        self.to(self.dev)
        feats, labels = feats.to(self.dev), labels.to(self.dev)
        self.train()
        for _ in range(steps):
            loss = crit(self(feats), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()

    @torch.no_grad()
    def score(self, feats):
        self.eval()
        return self(feats.to(self.dev))
