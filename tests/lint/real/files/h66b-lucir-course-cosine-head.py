# Synthetic rewrite of the shape of Fionahwx/LUCIR-2024-ML-CIL:models/CosineClassifier.py at 827d4cdb02f953a415b1cff735e5df33685b27bc (licence NOASSERTION); not the original text.
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.parameter import Parameter


class UnitSphereHead(nn.Module):
    """Scores are scaled cosines between the embedding and each class vector (LUCIR-style)."""

    def __init__(self, feat_dim, num_classes):
        super().__init__()
        # one learnable vector per class, stored as (classes, features)
        self.weight = Parameter(torch.empty(num_classes, feat_dim))
        # learnable temperature that stretches the [-1, 1] cosine range
        self.scale = Parameter(torch.empty(1))
        self.reset()

    def reset(self):
        bound = 1.0 / math.sqrt(self.weight.shape[1])
        nn.init.uniform_(self.weight, -bound, bound)
        nn.init.constant_(self.scale, 1.0)

    def forward(self, feats):
        # project both sides onto the unit sphere before the product
        unit_feats = F.normalize(feats, p=2, dim=1)
        unit_rows = F.normalize(self.weight, p=2, dim=1)
        return self.scale * unit_feats @ unit_rows.t()


def grow(head, extra):
    """Return a wider head that keeps the rows already learned."""
    seen, dim = head.weight.shape
    wider = UnitSphereHead(dim, seen + extra)
    wider.weight.data[:seen] = head.weight.data
    return wider
