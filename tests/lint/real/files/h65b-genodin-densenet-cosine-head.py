# Synthetic rewrite of the shape of AlexandrosFerles/Is-Out-of-Distribution-Detection-Solved:src/models/DenseNet.py at 63879cec39647979e0480605b2ca3ff8577c52ca (licence NOASSERTION); not the original text.
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class SquaredDistanceHead(nn.Module):
    """Logits are negative squared distances to learned class centres."""

    def __init__(self, dim, n_classes):
        super().__init__()
        self.anchors = nn.Parameter(torch.empty(n_classes, dim))
        nn.init.kaiming_uniform_(self.anchors, a=math.sqrt(5))

    def forward(self, z):
        gap = z[:, None, :] - self.anchors[None, :, :]
        return gap.pow(2).sum(-1)


class AngularHead(nn.Module):
    """Logits are cosines between the feature and each learned anchor (by design)."""

    def __init__(self, dim, n_classes):
        super().__init__()
        self.anchors = nn.Parameter(torch.empty(n_classes, dim))
        nn.init.kaiming_uniform_(self.anchors, a=math.sqrt(5))

    def forward(self, z):
        unit_z = F.normalize(z)
        unit_a = F.normalize(self.anchors)
        return unit_z @ unit_a.T


class TinyBackboneOdin(nn.Module):
    def __init__(self, width=64, n_classes=10, variant=-1):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(3, width, 3, padding=1), nn.BatchNorm2d(width), nn.ReLU(),
            nn.AdaptiveAvgPool2d(1), nn.Flatten(),
        )
        self.variant = variant
        if variant == -1:
            self.fc = nn.Linear(width, n_classes)
        else:
            self.scale_net = nn.Linear(width, 1)
            self.scale_bn = nn.BatchNorm1d(1)
            if variant == 0:
                self.numer = nn.Linear(width, n_classes)
            elif variant == 1:
                self.numer = SquaredDistanceHead(width, n_classes)
            else:
                self.numer = AngularHead(width, n_classes)

    def forward(self, x):
        z = self.body(x)
        if self.variant == -1:
            return F.log_softmax(self.fc(z), dim=1)
        h = self.numer(z)
        g = torch.sigmoid(self.scale_bn(self.scale_net(z)))
        logits = -h / g if self.variant == 1 else h / g
        return F.log_softmax(logits, dim=1), h, g
