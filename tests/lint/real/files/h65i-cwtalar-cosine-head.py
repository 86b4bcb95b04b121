# Synthetic rewrite of the shape of AndAnotherANS/fscil_cwtalar_public:src/Network.py at 5cc0dfd90606c3b61c497d939790e8de0d90bc43 (licence NOASSERTION); not the original text.
"""Few-shot class-incremental backbone with a temperature-scaled cosine head.

Training logits are cosines between the unit feature and the unit rows of a bias-free,
orthogonally initialised head; at test time a frozen copy whose rows are class mean
embeddings is used the same way.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class IncrementalNet(nn.Module):
    def __init__(self, encoder, width, n_slots, tau):
        super().__init__()
        self.encoder = encoder
        self.tau = tau
        self.head = nn.Linear(width, n_slots, bias=False)
        nn.init.orthogonal_(self.head.weight)
        self.proto_head = nn.Linear(width, n_slots)
        self.proto_head.requires_grad_(False)

    def embed(self, x):
        fmap = self.encoder(x)
        return F.adaptive_avg_pool2d(fmap, 1).flatten(1)

    def forward(self, x):
        z = self.embed(x)
        cos_logits = F.linear(F.normalize(z, dim=-1), F.normalize(self.head.weight, dim=-1))
        return self.tau * cos_logits, z

    def predict(self, x, mode="cos"):
        if mode != "cos":
            raise ValueError("only the cosine head is implemented")
        z = self.embed(x)
        return self.tau * F.linear(F.normalize(z, dim=-1), F.normalize(self.proto_head.weight, dim=-1))

    @torch.no_grad()
    def set_prototypes(self, loader):
        feats, labels = [], []
        for x, y in loader:
            feats.append(self.embed(x))
            labels.append(y)
        feats, labels = torch.cat(feats), torch.cat(labels)
        for c in labels.unique():
            self.proto_head.weight.data[c] = feats[labels == c].mean(0)
