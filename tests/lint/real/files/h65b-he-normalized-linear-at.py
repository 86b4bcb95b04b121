# Synthetic rewrite of the shape of P2333/Bag-of-Tricks-for-AT:preactresnet.py at ebf1e9b56b79d8b8da71531ffe68f27fb1e59c44 (licence Apache-2.0); not the original text.
import torch.nn as nn
import torch.nn.functional as F


class SmallPreAct(nn.Module):
    """Backbone for adversarial training; with `hyper=True` the head becomes a
    hypersphere-embedding head (unit features times a scale, unit rows)."""

    def __init__(self, n_classes=10, hyper=False, unit_feat_only=False, s=15.0, width=512):
        super().__init__()
        self.hyper = hyper
        self.unit_feat_only = unit_feat_only
        self.s = s
        self.stem = nn.Sequential(
            nn.Conv2d(3, 64, 3, padding=1, bias=False),
            nn.Conv2d(64, width, 3, stride=2, padding=1, bias=False),
        )
        self.bn = nn.BatchNorm2d(width)
        self.act = nn.ReLU(inplace=True)
        self.linear = nn.Linear(width, n_classes, bias=not hyper)

    def forward(self, x):
        h = self.act(self.bn(self.stem(x)))
        h = F.adaptive_avg_pool2d(h, 1).flatten(1)
        if self.unit_feat_only:
            h = F.normalize(h, dim=1)
        if self.hyper:
            h = F.normalize(h, dim=1) * self.s
            # keep each class row on the unit sphere before the product
            self.linear.weight.data = F.normalize(self.linear.weight, dim=1)
        return self.linear(h)


def small_preact(n_classes=10, hyper=False, unit_feat_only=False, s=15.0):
    return SmallPreAct(n_classes, hyper, unit_feat_only, s)
