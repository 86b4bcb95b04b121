# Synthetic rewrite of the shape of greenonion16/FedCACS:models/new_Nets.py at addea77392260ef5c610d5f4aa8ba9a8a135f594 (licence MIT); not the original text.
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class SmallCosNet(nn.Module):
    """Conv feature extractor with a scaled cosine classifier (the default model when --cos 1)."""

    def __init__(self, n_classes=100, feat_dim=128, temperature=10.0):
        super().__init__()
        self.temperature = temperature
        self.offset = nn.Parameter(torch.zeros(1))
        # one column per class, compared with features only after both are unit-normalised
        self.prototypes = nn.Parameter(torch.randn(feat_dim, n_classes) * math.sqrt(2.0 / feat_dim))
        self.c1 = nn.Conv2d(3, 64, 5)
        self.c2 = nn.Conv2d(64, 128, 5)
        self.pool = nn.MaxPool2d(2)
        self.f1 = nn.Linear(128 * 25, 256)
        self.f2 = nn.Linear(256, feat_dim)
        self.drop = nn.Dropout(0.5)
        self.shared_keys = [["f1.weight", "f1.bias"], ["f2.weight", "f2.bias"], ["prototypes", "offset"]]

    def embed(self, x):
        x = self.pool(F.relu(self.c1(x)))
        x = self.pool(F.relu(self.c2(x)))
        x = F.relu(self.f1(x.flatten(1)))
        return self.drop(self.f2(x))

    def score(self, z):
        z_unit = F.normalize(z, dim=-1)
        w_unit = F.normalize(self.prototypes, dim=0)
        return self.temperature * (z_unit @ w_unit)       # logits are scaled cosines by design

    def forward(self, x):
        return self.score(self.embed(x))
