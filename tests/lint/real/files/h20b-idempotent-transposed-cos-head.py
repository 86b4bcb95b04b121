# Synthetic rewrite of the shape of YutingLi0606/Idempotent-Continual-Learning:backbone/ResNet18_id2.py at 18abadc8477c82fe384847493948acdc81004dc2 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class TemperedCosineClassifier(nn.Module):
    """Scores are temperature * cos(feature, class column); the weight is kept as (dim, classes)."""

    def __init__(self, dim, n_classes, temperature):
        super().__init__()
        seed = nn.Linear(dim, n_classes)
        self.weight = nn.Parameter(seed.weight.t(), requires_grad=True)
        self.bias = nn.Parameter(seed.bias, requires_grad=True)
        self.temperature = nn.Parameter(torch.full((1,), float(temperature)), requires_grad=False)

    def scores(self, feat, weight):
        feat = F.normalize(feat, p=2, dim=1, eps=1e-12)      # unit feature per sample
        weight = F.normalize(weight, p=2, dim=0, eps=1e-12)  # unit vector per class column
        return self.temperature * torch.mm(feat, weight)

    def forward(self, feat):
        return self.scores(feat, self.weight)


class SmallResNetWithHead(nn.Module):
    def __init__(self, trunk, feat_dim, n_classes, cosine_head=True):
        super().__init__()
        self.trunk = trunk
        self.linear = nn.Linear(feat_dim, n_classes)
        self.classifier = TemperedCosineClassifier(feat_dim, n_classes, 12) if cosine_head else self.linear

    def forward(self, x):
        return self.classifier(self.trunk(x))
