# cosaudit corpus, synthetic file: same shape as zhangyongshun/BagofTricks-LT/lib/modules/classifier_ops.py at 7e9870aadf63d012a337d84a82ceec3bd79557d0 (licence MIT); new code, no text copied.
import torch
import torch.nn as nn
import torch.nn.functional as F


class NormedFC(nn.Module):
    """Classifier used with the LDAM loss: logits are cosines between features and class vectors."""

    def __init__(self, in_dim, n_classes):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(n_classes, in_dim))
        self.weight.data.uniform_(-1, 1).renorm_(2, 1, 1e-5).mul_(1e5)

    def forward(self, feats):
        return F.linear(F.normalize(feats, dim=1), F.normalize(self.weight, dim=1))


class LearnableWeightScaling(nn.Module):
    """Second stage of decoupled training: freeze the linear head, learn one scale per class."""

    def __init__(self, in_dim, n_classes, bias=True):
        super().__init__()
        self.fc = nn.Linear(in_dim, n_classes, bias=bias)
        self.class_scale = nn.Parameter(torch.ones(n_classes))
        for p in self.fc.parameters():
            p.requires_grad_(False)

    def forward(self, feats):
        return self.fc(feats) * self.class_scale
