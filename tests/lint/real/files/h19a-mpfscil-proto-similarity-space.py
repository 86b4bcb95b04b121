# Synthetic rewrite of the shape of tjuwx/MP-FSCIL:MP-FSCIL/models/mp/Network.py at e08069d1d77644c718dd5219a2120e8537cfa739 (licence MIT); not the original text.
import torch
import torch.nn.functional as F
from torch import nn


class ProtoSpaceNet(nn.Module):
    """Embeds an image as its cosines to the base-class prototypes, then classifies by cosine to class means in that space."""

    def __init__(self, encoder, cfg, width=512, n_anchor=200):
        super().__init__()
        self.cfg, self.encoder = cfg, encoder
        self.use_anchor_space = False
        self.fc = nn.Sequential(
            nn.Linear(width, n_anchor, bias=False),          # rows 0..n_base-1 become base class means
            nn.Linear(n_anchor, cfg.num_classes, bias=False),  # class means in anchor space
        )

    def encode(self, x):
        z = F.adaptive_avg_pool2d(self.encoder(x), 1).flatten(1)
        if self.use_anchor_space:
            z = F.linear(F.normalize(z, p=2, dim=-1), F.normalize(self.fc[0].weight, p=2, dim=-1))
            z = self.cfg.temperature * z
        return z

    @torch.no_grad()
    def write_means(self, z, y, classes, layer):
        for c in classes:
            self.fc[layer].weight.data[c] = z[y == c].mean(0)

    def classify(self, x, n_seen):
        q = self.encode(x)
        means = self.fc[1].weight[:n_seen].detach()
        return self.cfg.temperature * F.cosine_similarity(q.unsqueeze(1), means.unsqueeze(0), dim=-1)
