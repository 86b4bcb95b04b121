# Synthetic rewrite of the shape of bl0/negative-margin.few-shot:lib/metric.py at 401ee5c182b0f933b196653c552316a1605868e0 (licence CC-BY-NC-4.0); not the original text.
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class ScaledCosineHead(nn.Module):
    def __init__(self, dim, n_classes, scale=30.0):
        super().__init__()
        self.scale = scale
        self.weight = nn.Parameter(torch.empty(n_classes, dim))
        nn.init.kaiming_uniform_(self.weight, a=math.sqrt(5))

    def forward(self, feats):
        return self.scale * F.linear(F.normalize(feats), F.normalize(self.weight))


class MarginCosineHead(nn.Module):
    """Additive cosine margin; a negative margin loosens the target class instead of tightening it."""

    def __init__(self, dim, n_classes, scale=30.0, margin=-0.3):
        super().__init__()
        self.scale = scale
        self.margin = margin
        self.weight = nn.Parameter(torch.empty(n_classes, dim))
        nn.init.kaiming_uniform_(self.weight, a=math.sqrt(5))

    def forward(self, feats, target=None):
        cos = F.linear(F.normalize(feats), F.normalize(self.weight))
        if target is None:
            return self.scale * cos
        hit = F.one_hot(target, cos.shape[1]).bool()
        return self.scale * torch.where(hit, cos - self.margin, cos)
