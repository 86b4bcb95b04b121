# expect: COS301
"""A normalised-weight head written out in its forward pass (`unit_w = F.normalize(self.fc.weight)`,
`torch.mm(x, unit_w.t()) + self.fc.bias`), and a helper that takes the Gram of the same unit rows:
the model keeps its rows on the sphere, so the Gram is reported at info level only (COS101).

Written for cosaudit's tests.
"""
import torch
import torch.nn.functional as F
from torch import nn


class UnitRowHead(nn.Module):
    def __init__(self, dim, num_classes):
        super().__init__()
        self.fc = nn.Linear(dim, num_classes)

    def forward(self, x):
        unit_w = F.normalize(self.fc.weight, p=2, dim=1)
        return torch.mm(x, unit_w.t()) + self.fc.bias


def row_spread(model):
    w = F.normalize(model.fc.weight, p=2, dim=1)
    return w @ w.t()  # expect: COS101
