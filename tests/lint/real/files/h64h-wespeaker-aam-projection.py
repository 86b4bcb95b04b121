# Synthetic rewrite of the shape of wenet-e2e/wespeaker:wespeaker/models/projections.py at dfa741957e5c11f477623b6e583d67d0af25ee88 (licence Apache-2.0); not the original text.
"""Margin-based speaker-classification heads for training speaker-embedding networks."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def build_head(cfg):
    kind = cfg.get("head", "plain")
    if kind == "aam":
        return AngularMarginHead(cfg["emb_dim"], cfg["n_speakers"], scale=cfg["scale"], margin=0.0)
    if kind == "am":
        return AdditiveMarginHead(cfg["emb_dim"], cfg["n_speakers"], scale=cfg["scale"], margin=0.0)
    return PlainHead(cfg["emb_dim"], cfg["n_speakers"])


class AngularMarginHead(nn.Module):
    """ArcFace-style head: logits are scaled cosines between the embedding and each speaker centre."""

    def __init__(self, emb_dim, n_speakers, scale=32.0, margin=0.2):
        super().__init__()
        self.scale = scale
        self.centres = nn.Parameter(torch.empty(n_speakers, emb_dim))
        nn.init.xavier_uniform_(self.centres)
        self.set_margin(margin)

    def set_margin(self, margin):
        self.margin = margin
        self.cos_m, self.sin_m = math.cos(margin), math.sin(margin)
        self.limit = math.cos(math.pi - margin)
        self.shift = 1.0 + math.cos(math.pi - margin)

    def forward(self, emb, target):
        cos = F.normalize(emb) @ F.normalize(self.centres).t()
        sin = torch.sqrt((1.0 - cos * cos).clamp_min(0.0))
        with_margin = cos * self.cos_m - sin * self.sin_m
        with_margin = torch.where(cos > self.limit, with_margin, cos - self.shift)
        hit = F.one_hot(target, cos.size(1)).to(cos.dtype)
        return self.scale * (hit * with_margin + (1.0 - hit) * cos)


class AdditiveMarginHead(nn.Module):
    """CosFace-style head: subtract a fixed margin from the target cosine."""

    def __init__(self, emb_dim, n_speakers, scale=32.0, margin=0.2):
        super().__init__()
        self.scale, self.margin = scale, margin
        self.centres = nn.Parameter(torch.empty(n_speakers, emb_dim))
        nn.init.xavier_uniform_(self.centres)

    def forward(self, emb, target):
        cos = F.linear(F.normalize(emb), F.normalize(self.centres))
        hit = F.one_hot(target, cos.size(1)).to(cos.dtype)
        return self.scale * (cos - hit * self.margin)


class PlainHead(nn.Module):
    def __init__(self, emb_dim, n_speakers):
        super().__init__()
        self.fc = nn.Linear(emb_dim, n_speakers)

    def forward(self, emb, target):
        return self.fc(emb)
