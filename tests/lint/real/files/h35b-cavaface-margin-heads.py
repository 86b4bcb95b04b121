# Synthetic rewrite of the shape of cavalleria/cavaface:head/metrics.py at 822651f0e6d4d08df5441922acead39dc5375103 (licence MIT); not the original text.
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class AdditiveAngularHead(nn.Module):
    """Identity head for face training: logits are scaled cosines with an angular margin on the target."""

    def __init__(self, emb_dim, n_ids, scale=64.0, margin=0.5, fallback=0.0):
        super().__init__()
        self.scale = scale
        self.fallback = fallback
        # stored as (emb_dim, n_ids): one column per identity
        self.centres = nn.Parameter(torch.empty(emb_dim, n_ids))
        self.centres.data.uniform_(-1, 1).renorm_(2, 1, 1e-5).mul_(1e5)
        self.cos_m, self.sin_m = math.cos(margin), math.sin(margin)
        self.threshold = math.cos(math.pi - margin)

    def forward(self, emb, ids):
        emb = F.normalize(emb, dim=1)
        centres = F.normalize(self.centres, dim=0)
        cos_theta = torch.mm(emb, centres).clamp(-1, 1)
        sin_theta = torch.sqrt(1.0 - cos_theta.pow(2))
        shifted = cos_theta * self.cos_m - sin_theta * self.sin_m
        shifted = torch.where(cos_theta > self.threshold, shifted, cos_theta - self.fallback)
        target = torch.zeros_like(cos_theta, dtype=torch.bool)
        target.scatter_(1, ids.view(-1, 1), True)
        logits = torch.where(target, shifted, cos_theta)
        return logits * self.scale
