# cosaudit corpus, synthetic file: same shape as Tomcat-J/Fusion/mae_lite/head.py at 90a8a7cb001cab97acc697ad47604aac4ff5bc89 (licence NOASSERTION); new code, no text copied.
"""Multi-prototype head: several unit prototypes per class, class score = the
best cosine to any of its prototypes, times a learned temperature."""
from typing import Dict, List, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F


class PrototypeBank(nn.Module):
    def __init__(self, num_classes, emb_dim, per_class=5):
        super().__init__()
        self.per_class = per_class
        self.prototypes = nn.Parameter(F.normalize(torch.randn(num_classes * per_class, emb_dim), dim=-1))
        self.spans = [(c * per_class, (c + 1) * per_class) for c in range(num_classes)]

    def unit(self):
        return F.normalize(self.prototypes, dim=-1)


class PrototypeLosses(nn.Module):
    def __init__(self, margin=0.3, clst=0.8, sep=0.08, div=0.01, con=0.1):
        super().__init__()
        self.margin, self.clst, self.sep, self.div, self.con = margin, clst, sep, div, con

    def forward(self, sims: torch.Tensor, labels: torch.Tensor, prototypes: torch.Tensor,
                spans: List[Tuple[int, int]]) -> Dict[str, torch.Tensor]:
        dist = 1 - sims                                   # [B, C, P]
        own = dist[torch.arange(len(labels)), labels].min(-1).values
        mask = F.one_hot(labels, dist.size(1)).bool()[:, :, None].expand_as(dist)
        other = dist.masked_fill(mask, float("inf")).flatten(1).min(-1).values
        out = {"cluster_loss": self.clst * own.mean(),
               "sep_loss": self.sep * F.relu(self.margin - other).mean()}
        unit = F.normalize(prototypes, dim=-1)
        div = 0.0
        for a, b in spans:
            s = unit[a:b] @ unit[a:b].t()
            div = div + F.relu(s[~torch.eye(b - a, dtype=torch.bool)] - 0.5).mean()
        out["div_loss"] = self.div * div / len(spans)
        sim_matrix = torch.mm(unit, unit.t())
        off = ~torch.eye(unit.size(0), dtype=torch.bool)
        out["contrastive_loss"] = self.con * sim_matrix[off].mean()
        out["proto_loss"] = sum(out.values())
        return out


class Head(nn.Module):
    def __init__(self, num_classes, emb_dim, img_feat_dim, per_class=5, temperature=10.0):
        super().__init__()
        self.num_classes = num_classes
        self.proj = nn.Sequential(nn.Linear(img_feat_dim, emb_dim), nn.LayerNorm(emb_dim))
        self.bank = PrototypeBank(num_classes, emb_dim, per_class)
        self.temperature = nn.Parameter(torch.tensor(temperature))
        self.losses = PrototypeLosses()

    def forward(self, pooled, labels=None):
        z = F.normalize(self.proj(pooled), dim=-1)
        sims = (z @ self.bank.unit().t()).view(z.size(0), self.num_classes, -1)
        logits = sims.max(-1).values * self.temperature
        if labels is None:
            return logits
        loss = F.cross_entropy(logits, labels)
        extra = self.losses(sims, labels, self.bank.prototypes, self.bank.spans)
        return logits, loss + extra["proto_loss"]
