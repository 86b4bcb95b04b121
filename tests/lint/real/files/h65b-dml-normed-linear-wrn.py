# Synthetic rewrite of the shape of HAIV-Lab/DML:models/wrn.py at e1c5a17944f9ec18bcc513c7d27dc04a6525883a (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class UnitColumnLinear(nn.Module):
    """Linear map whose class columns are kept at unit length; with unit
    features the outputs are cosines (used for a MaxCosine-style score)."""

    def __init__(self, d_in, n_out):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(d_in, n_out))
        self.weight.data.uniform_(-1, 1).renorm_(2, 1, 1e-5).mul_(1e5)

    def forward(self, h):
        return h @ F.normalize(self.weight, dim=0)


class TinyWide(nn.Module):
    def __init__(self, n_classes, width=64, unit_head=False, unit_features=False, radius=40.0):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(3, width, 3, padding=1, bias=False),
            nn.BatchNorm2d(width), nn.ReLU(inplace=True),
            nn.AdaptiveAvgPool2d(1), nn.Flatten(),
        )
        self.unit_features = unit_features
        self.radius = radius
        self.fc = UnitColumnLinear(width, n_classes) if unit_head else nn.Linear(width, n_classes, bias=False)

    def forward(self, x, with_features=True):
        h = self.body(x)
        if self.unit_features:
            h = F.normalize(h, dim=1) * self.radius
        logits = self.fc(h)
        return (logits, h) if with_features else logits
