# Synthetic rewrite of the shape of zzz47zzz/pretrained-lm-for-incremental-learning:utils/classifier.py at 2329edaa93b7402c3086966b813cfe286b5c4c07 (licence NOASSERTION); not the original text.
import math

import torch
import torch.nn as nn
from torch.nn import functional as F
from torch.nn.parameter import Parameter


def build_heads(cfg, dim, sizes_per_task):
    """One head per task; 'CosineLinear' gives scale-free cosine logits."""
    kind = cfg.classifier
    if kind == "None":
        return None
    if kind == "Linear":
        return nn.ModuleList(nn.Linear(dim, n) for n in sizes_per_task)
    if kind == "CosineLinear":
        return nn.ModuleList(CosineHead(dim, n) for n in sizes_per_task)
    raise NotImplementedError(kind)


class CosineHead(nn.Module):
    """Logits are cosines between the feature and each class vector."""

    def __init__(self, in_dim, n_classes, n_sub=1):
        super().__init__()
        self.n_sub = n_sub
        self.weight = Parameter(torch.empty(n_classes * n_sub, in_dim))
        bound = 1.0 / math.sqrt(in_dim)
        nn.init.uniform_(self.weight, -bound, bound)

    def forward(self, feats):
        out = F.linear(F.normalize(feats, p=2, dim=1), F.normalize(self.weight, p=2, dim=1))
        if self.n_sub > 1:
            out = out.view(feats.size(0), -1, self.n_sub).amax(dim=-1)
        return out
