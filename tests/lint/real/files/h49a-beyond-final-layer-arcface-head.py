# Synthetic rewrite of the shape of OmarIraqy/Beyond-the-Final-Layer:src/models/head.py at c5b6c97a3013e1fbf4dcfef8ae0b8d7f99e13960 (licence NOASSERTION); not the original text.
"""Identity heads for a re-identification model: a plain BN-neck and an angular-margin head."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class NeckHead(nn.Module):
    def __init__(self, dim: int, n_ids: int):
        super().__init__()
        self.neck = nn.BatchNorm1d(dim)
        self.neck.bias.requires_grad_(False)
        self.ids = nn.Linear(dim, n_ids, bias=False)
        nn.init.normal_(self.ids.weight, std=0.001)

    def forward(self, feats):
        z = self.neck(feats)
        return {"embeddings": feats, "bn_embeddings": z, "id_logits": self.ids(z)}


class MarginHead(nn.Module):
    """Additive angular margin head: logits are scaled cosines to per-identity prototypes."""

    def __init__(self, dim: int, n_ids: int, scale: float = 64.0, margin: float = 0.5):
        super().__init__()
        self.scale, self.margin = scale, margin
        self.protos = nn.Parameter(torch.empty(n_ids, dim))
        nn.init.xavier_uniform_(self.protos)
        self.neck = nn.BatchNorm1d(dim)
        self.neck.bias.requires_grad_(False)

    def forward(self, feats, labels=None):
        z = self.neck(feats)
        cosine = F.linear(F.normalize(z), F.normalize(self.protos))
        if labels is not None and self.training:
            angle = torch.acos(cosine.clamp(-1 + 1e-7, 1 - 1e-7))
            hit = F.one_hot(labels, cosine.shape[1]).to(cosine.dtype)
            logits = self.scale * torch.cos(angle + hit * self.margin)
        else:
            logits = self.scale * cosine
        return {"embeddings": feats, "bn_embeddings": z, "id_logits": logits}
