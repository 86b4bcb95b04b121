# Synthetic rewrite of the shape of mugnaidaniele/lucir:models/CosineClassifier.py at 338fcb84bc5495ab0abe423f713cbe4bda646478 (licence NOASSERTION); not the original text.
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class UnifiedCosineHead(nn.Module):
    """LUCIR-style head: unit features against unit class vectors, one learnable scale."""

    def __init__(self, feat_dim, n_classes):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(n_classes, feat_dim))
        self.scale = nn.Parameter(torch.empty(1))
        self._reset()

    def _reset(self):
        limit = 1.0 / math.sqrt(self.weight.shape[1])
        nn.init.uniform_(self.weight, -limit, limit)
        nn.init.constant_(self.scale, 1.0)

    def forward(self, feats):
        unit_feats = F.normalize(feats, p=2, dim=1)
        unit_rows = F.normalize(self.weight, p=2, dim=1)
        return self.scale * (unit_feats @ unit_rows.t())


class GrowingNet(nn.Module):
    def __init__(self, encoder, feat_dim, first_classes):
        super().__init__()
        self.encoder = encoder
        self.feat_dim = feat_dim
        self.head = UnifiedCosineHead(feat_dim, first_classes)

    def add_classes(self, extra):
        kept = self.head.weight.data.clone()
        self.head = UnifiedCosineHead(self.feat_dim, kept.shape[0] + extra)
        self.head.weight.data[: kept.shape[0]] = kept

    def forward(self, x):
        z = self.encoder(x)
        return z, self.head(z)
