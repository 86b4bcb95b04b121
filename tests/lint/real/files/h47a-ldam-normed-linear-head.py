# Synthetic rewrite of the shape of kaidic/LDAM-DRW:models/resnet_cifar.py at 2536330f2afdaa65618323cb5a5850efccce762a (licence MIT); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn import Parameter


class UnitNormHead(nn.Module):
    """Last layer whose logits are cosines between the feature and each class column."""

    def __init__(self, in_features, out_features):
        super().__init__()
        self.weight = Parameter(torch.empty(in_features, out_features))
        self.weight.data.uniform_(-1, 1).renorm_(2, 1, 1e-5).mul_(1e5)

    def forward(self, x):
        return F.normalize(x, dim=1).mm(F.normalize(self.weight, dim=0))


class TinyResNet(nn.Module):
    def __init__(self, trunk, width=64, n_classes=10, use_norm=False):
        super().__init__()
        self.trunk = trunk
        self.head = UnitNormHead(width, n_classes) if use_norm else nn.Linear(width, n_classes)

    def forward(self, x):
        h = self.trunk(x)
        h = F.avg_pool2d(h, h.size()[3]).flatten(1)
        return self.head(h)
