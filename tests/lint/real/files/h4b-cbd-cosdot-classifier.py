# cosaudit corpus, synthetic file: same shape as rahulvigneswaran/Class-Balanced-Distillation-for-Long-Tailed-Visual-Recognition.pytorch/libs/models/CosineDotProductClassifier.py at c71228fe3651c5b71f45a09f5ef0b6ec3ba7aefd (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn as nn
import torch.nn.functional as F


class ScaledNormClassifier(nn.Module):
    """Linear head whose weight is re-normalised on every call, with a learnt temperature."""

    def __init__(self, num_classes=1000, feat_dim=2048, scale=10.0):
        super().__init__()
        self.fc = nn.Linear(feat_dim, num_classes)
        self.scale = nn.Parameter(torch.tensor([float(scale)]))

    def forward(self, x, *unused):
        w = F.normalize(self.fc.weight.T, dim=1)         # (feat, classes), unit rows per feature
        return F.softplus(self.scale) * (x @ w) + self.fc.bias


def create_model(feat_dim, num_classes=1000, scale=10.0, checkpoint=None):
    head = ScaledNormClassifier(num_classes, feat_dim, scale)
    if checkpoint is not None:
        state = torch.load(checkpoint)["classifier"]
        head.load_state_dict({k.removeprefix("module."): v for k, v in state.items()})
    return head
