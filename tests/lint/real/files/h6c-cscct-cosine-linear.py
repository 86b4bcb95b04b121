# cosaudit corpus, synthetic file: same shape as ashok-arjun/CSCCT/models/modified_linear.py at bdcca561bf7c0ecf60e7ab1df2c1c8811755bcb3 (licence NOASSERTION); new code, no text copied.
"""Normalised linear layers for class-incremental training (old and new class groups)."""
import math

import torch
from torch import nn
from torch.nn import functional as F


class NormedLinear(nn.Module):
    def __init__(self, d_in, n_out, learn_scale=True):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(n_out, d_in))
        self.scale = nn.Parameter(torch.ones(1)) if learn_scale else None
        bound = 1.0 / math.sqrt(d_in)
        nn.init.uniform_(self.weight, -bound, bound)

    def forward(self, x):
        out = F.linear(F.normalize(x, p=2, dim=1),
                       F.normalize(self.weight, p=2, dim=1))
        return out if self.scale is None else self.scale * out


class TwoGroupNormedLinear(nn.Module):
    def __init__(self, d_in, n_old, n_new):
        super().__init__()
        self.old = NormedLinear(d_in, n_old, learn_scale=False)
        self.new = NormedLinear(d_in, n_new, learn_scale=False)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, x):
        return self.scale * torch.cat([self.old(x), self.new(x)], dim=1)
