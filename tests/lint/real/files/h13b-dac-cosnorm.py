# cosaudit corpus, synthetic file: same shape as Chaoqun-Guo/dac/dac/models/CosNormClassifier.py at 7ac6e1131042104eb4ff7aad6203c0f51704a200 (licence MIT); new code, no text copied.
import math

import torch
import torch.nn as nn


class SquashedCosineHead(nn.Module):
    """Logits = s * <squash(x), w / |w|>: the head normalises its own rows."""

    def __init__(self, in_dim, n_classes, s=16.0):
        super().__init__()
        self.s = s
        self.weight = nn.Parameter(torch.empty(n_classes, in_dim))
        bound = 1.0 / math.sqrt(in_dim)
        nn.init.uniform_(self.weight, -bound, bound)

    def forward(self, x):
        length = x.norm(dim=1, keepdim=True)
        squashed = length / (1.0 + length) * (x / length)
        rows = self.weight / self.weight.norm(dim=1, keepdim=True)
        return (self.s * squashed) @ rows.T
