# cosaudit corpus, synthetic file: same shape as open-mmlab/mmfewshot/mmfewshot/classification/models/heads/neg_margin_head.py at af4fad50b0e00946467244dc8bce4d232d2b79c2 (licence Apache-2.0); new code, no text copied.
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class MarginCosineHead(nn.Module):
    """Few-shot head: scaled cosine between features and class weights, with a (negative) margin on the target."""

    def __init__(self, n_classes, d_in, scale=30.0, margin=-0.1, mode="cosine"):
        super().__init__()
        assert margin <= 0 and mode in ("cosine", "linear")
        self.n_classes, self.d_in = n_classes, d_in
        self.scale, self.margin, self.mode = scale, margin, mode
        self.reset()

    def reset(self):
        self.weight = nn.Parameter(torch.empty(self.n_classes, self.d_in))
        nn.init.kaiming_uniform_(self.weight, a=math.sqrt(5))

    def _scores(self, x):
        if self.mode == "cosine":
            return F.linear(F.normalize(x), F.normalize(self.weight))
        s = F.linear(x, self.weight)
        return s - s.min(dim=1, keepdim=True).values

    def loss(self, x, y):
        s = self._scores(x)
        target = F.one_hot(y, self.n_classes).bool()
        s = torch.where(target, s - self.margin, s)
        return F.cross_entropy(self.scale * s, y)

    @torch.no_grad()
    def predict(self, x):
        return F.softmax(self.scale * self._scores(x), dim=1)

    def start_support(self):
        """Meta-test: fresh weights for the novel classes of each episode."""
        self.reset()
        self.train()
