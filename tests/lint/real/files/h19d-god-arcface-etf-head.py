# Synthetic rewrite of the shape of Wangwang-Jia/GOD:GOD/backbone/linears.py at 6e9e7b39f9074127efad3fa5685686ad106525c8 (licence NOASSERTION); not the original text.
import math
import numpy as np
import torch
from torch import nn
from torch.nn import functional as F


class AngularMarginHead(nn.Module):
    """Additive angular margin classifier (ArcFace-style)."""

    def __init__(self, dim, n_classes, s=30.0, m=0.4):
        super().__init__()
        self.s, self.m = s, m
        self.weight = nn.Parameter(torch.empty(n_classes, dim))
        nn.init.xavier_uniform_(self.weight)
        self.cos_m, self.sin_m = math.cos(m), math.sin(m)
        self.th = math.cos(math.pi - m)
        self.mm = math.sin(math.pi - m) * m

    def forward(self, x, y=None):
        cosine = F.linear(F.normalize(x), F.normalize(self.weight))
        if y is None:
            return {"logits": cosine * self.s}
        sine = torch.sqrt((1.0 - cosine.pow(2)).clamp(min=0))
        phi = cosine * self.cos_m - sine * self.sin_m
        phi = torch.where(cosine > self.th, phi, cosine - self.mm)
        onehot = F.one_hot(y, cosine.shape[1]).to(cosine.dtype)
        return {"logits": self.s * (onehot * phi + (1 - onehot) * cosine)}


class SimplexTaskHead(nn.Module):
    """Frozen simplex-ETF targets; one small mapping layer per task."""

    def __init__(self, n_classes, dim, hidden):
        super().__init__()
        self.lift = nn.Linear(dim, hidden, bias=False)
        self.lift.requires_grad_(False)
        self.maps = nn.ModuleList()
        basis, _ = np.linalg.qr(np.random.random((dim, n_classes)))
        basis = torch.tensor(basis).float()
        assert torch.allclose(basis.T @ basis, torch.eye(n_classes), atol=1e-6)
        centre = torch.eye(n_classes) - torch.ones(n_classes, n_classes) / n_classes
        self.register_buffer("etf_vec", basis @ centre * math.sqrt(n_classes / (n_classes - 1)))

    def add_task(self, dim, hidden):
        self.maps.append(nn.Sequential(nn.ReLU(), nn.Linear(hidden, dim)))

    def forward(self, x, task):
        z = self.maps[task](self.lift(x))
        z = z / torch.norm(z, p=2, dim=1, keepdim=True)
        etf_vec = F.normalize(self.etf_vec.T, p=2, dim=1)
        return F.linear(z, etf_vec) / 0.1
