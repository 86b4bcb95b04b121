# Synthetic rewrite of the shape of TLESORT/SCoLe-SCaling-Continual-Learning:Models/model.py at ee71664658303575e7daa9d1db26079bc3382fd3 (licence MIT); not the original text.
from copy import deepcopy

import torch
import torch.nn as nn
import torch.nn.functional as F


class UnitRowLinear(nn.Module):
    """Output layer whose rows are rescaled to unit length on every forward pass (inputs are left as they are)."""

    def __init__(self, d_in, d_out, bias=True):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(d_out, d_in))
        self.bias = nn.Parameter(torch.zeros(d_out)) if bias else None
        nn.init.kaiming_normal_(self.weight)

    def forward(self, x):
        return F.linear(x, self.weight / self.weight.norm(dim=1, keepdim=True), self.bias)


class SmallConvNet(nn.Module):
    def __init__(self, n_classes=10, head="linear"):
        super().__init__()
        self.c1 = nn.Conv2d(1, 10, 5)
        self.c2 = nn.Conv2d(10, 20, 5)
        self.pool = nn.MaxPool2d(2)
        self.fc = nn.Linear(320, 50)
        self.head = UnitRowLinear(50, n_classes, bias=False) if head == "unitrow" else nn.Linear(50, n_classes)
        self._snap = None

    def features(self, x):
        x = F.relu(self.pool(self.c1(x.view(-1, 1, 28, 28))))
        x = F.relu(self.pool(self.c2(x)))
        return F.relu(self.fc(x.view(-1, 320)))

    def forward(self, x):
        return self.head(self.features(x))

    @torch.no_grad()
    def weight_drift(self):
        """Mean change of each layer since the previous call (crude drift monitor)."""
        current = [self.c1.weight, self.c2.weight, self.fc.weight, self.head.weight]
        drift = None
        if self._snap is not None:
            drift = [float((old - new).mean()) for old, new in zip(self._snap, current)]
        self._snap = [deepcopy(w.detach()) for w in current]
        return drift
