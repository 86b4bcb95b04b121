# cosaudit corpus, synthetic file: same shape as guxinqian/Simple-CCReID/models/classifier.py at f773d013508a7697f09ff0ca5f1622dfc46aa531 (licence Apache-2.0); new code, no text copied.
import torch
import torch.nn.functional as F
from torch import nn


class LinearId(nn.Module):
    def __init__(self, dim, n_ids):
        super().__init__()
        self.fc = nn.Linear(dim, n_ids)
        nn.init.normal_(self.fc.weight, std=1e-3)
        nn.init.zeros_(self.fc.bias)

    def forward(self, x):
        return self.fc(x)


class UnitId(nn.Module):
    def __init__(self, dim, n_ids):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(n_ids, dim).uniform_(-1, 1))

    def forward(self, x):
        w = F.normalize(self.weight, dim=1)
        return F.linear(F.normalize(x, dim=1), w)
