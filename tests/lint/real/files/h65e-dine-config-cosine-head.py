# Synthetic rewrite of the shape of tim-learn/DINE:network.py at 7ecf9e5e2c4e77f8a773a438c90cec397d360618 (licence MIT); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils import weight_norm


def init_linear(m):
    if isinstance(m, nn.Linear):
        nn.init.xavier_normal_(m.weight)
        if m.bias is not None:
            nn.init.zeros_(m.bias)


class Bottleneck(nn.Module):
    def __init__(self, in_dim, dim=256):
        super().__init__()
        self.proj = nn.Linear(in_dim, dim)
        self.bn = nn.BatchNorm1d(dim, affine=True)
        self.proj.apply(init_linear)

    def forward(self, x):
        return self.bn(self.proj(x))


class LabelHead(nn.Module):
    """Final classifier for source training and distillation.

    kind='linear' (default) and kind='wn' are ordinary softmax heads; any other value
    switches to an angular head whose logits are cosines."""

    def __init__(self, n_classes, dim=256, kind="linear"):
        super().__init__()
        self.kind = kind
        if kind == "wn":
            self.fc = weight_norm(nn.Linear(dim, n_classes), name="weight")
            self.fc.apply(init_linear)
        elif kind == "linear":
            self.fc = nn.Linear(dim, n_classes)
            self.fc.apply(init_linear)
        else:
            self.fc = nn.Linear(dim, n_classes, bias=False)
            nn.init.xavier_normal_(self.fc.weight)

    def forward(self, z):
        if self.kind in ("wn", "linear"):
            return self.fc(z)
        w = F.normalize(self.fc.weight, dim=1, p=2)
        return F.linear(F.normalize(z, dim=1, p=2), w)


class SimpleHead(nn.Module):
    def __init__(self, n_classes, dim):
        super().__init__()
        self.fc = nn.Linear(dim, n_classes)
        nn.init.xavier_normal_(self.fc.weight)

    def forward(self, z):
        return self.fc(z)
