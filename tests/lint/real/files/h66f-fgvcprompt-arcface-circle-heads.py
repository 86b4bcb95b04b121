# Synthetic rewrite of the shape of e-wxy/FGVC-Prompt:loss/metric_learning.py at e6fd70be00172659ea5a9644d8e173d6f430f793 (licence NOASSERTION); not the original text.
"""Margin-based heads for fine-grained recognition: the logits themselves
are (scaled, margin-shifted) cosines to a learnable normalised weight table."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class PairwiseMarginLoss(nn.Module):
    def __init__(self, margin=0.3):
        super().__init__()
        self.margin = margin

    def forward(self, emb, labels):
        sims = emb @ emb.t()
        total = 0.0
        for i in range(len(emb)):
            same = sims[i][(labels == labels[i]) & (sims[i] < 1)]
            hard_neg = sims[i][(labels != labels[i]) & (sims[i] > self.margin)]
            total = total + (1 - same).sum() + hard_neg.sum()
        return total / len(emb)


class CircleHead(nn.Module):
    def __init__(self, dim, n_cls, scale=256, margin=0.25):
        super().__init__()
        self.table = nn.Parameter(torch.empty(n_cls, dim))
        nn.init.kaiming_uniform_(self.table, a=math.sqrt(5))
        self.scale, self.margin, self.n_cls = scale, margin, n_cls

    def __call__(self, feats, labels):
        cos = F.normalize(feats) @ F.normalize(self.table).t()
        a_pos = (1 + self.margin - cos.detach()).clamp_min(0)
        a_neg = (cos.detach() + self.margin).clamp_min(0)
        pos = self.scale * a_pos * (cos - (1 - self.margin))
        neg = self.scale * a_neg * (cos - self.margin)
        hot = F.one_hot(labels, self.n_cls).float()
        return hot * pos + (1 - hot) * neg


class AngularMarginHead(nn.Module):
    def __init__(self, dim, n_cls, scale=30.0, margin=0.3):
        super().__init__()
        self.table = nn.Parameter(torch.empty(n_cls, dim))
        nn.init.xavier_uniform_(self.table)
        self.scale = scale
        self.cm, self.sm = math.cos(margin), math.sin(margin)
        self.limit = math.cos(math.pi - margin)
        self.fallback = math.sin(math.pi - margin) * margin

    def forward(self, feats, labels):
        cos = F.linear(F.normalize(feats), F.normalize(self.table))
        sin = (1.0 - cos.pow(2)).clamp_min(0).sqrt()
        shifted = cos * self.cm - sin * self.sm
        shifted = torch.where(cos > self.limit, shifted, cos - self.fallback)
        hot = torch.zeros_like(cos).scatter_(1, labels.view(-1, 1), 1.0)
        return self.scale * (hot * shifted + (1 - hot) * cos)


class AdditiveMarginHead(nn.Module):
    def __init__(self, dim, n_cls, scale=30.0, margin=0.3):
        super().__init__()
        self.cols = nn.Parameter(torch.randn(dim, n_cls))
        self.scale, self.margin = scale, margin

    def forward(self, feats, labels):
        cos = F.normalize(feats, dim=1) @ F.normalize(self.cols, dim=0)
        shift = torch.zeros_like(cos).scatter_(1, labels.view(-1, 1), self.margin)
        return self.scale * (cos - shift)
