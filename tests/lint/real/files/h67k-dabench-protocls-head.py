# Synthetic rewrite of the shape of wonder-if/domain-adaptation-benchmark:related_works/tasc/codes/tasc-dabench/sapphire/models/head.py at 8d4e1781fa1b7e6c1eefa2cd20906c9d8b8df273 (licence NOASSERTION); not the original text.
import torch.nn as nn
import torch.nn.functional as F


def _unit_rows_(linear: nn.Linear) -> None:
    w = linear.weight.data
    linear.weight.data = w / w.norm(p=2, dim=1, keepdim=True)


class PlainHead(nn.Module):
    def __init__(self, n_classes, width=2048, bias=False):
        super().__init__()
        self.proj = nn.Linear(width, n_classes, bias=bias)

    def forward(self, feats):
        return self.proj(feats)

    def renorm(self):
        _unit_rows_(self.proj)


class PrototypeHead(nn.Module):
    """Unit features times unit class prototypes, sharpened by a small temperature."""

    def __init__(self, width, n_classes, temperature=0.05):
        super().__init__()
        self.proto = nn.Linear(width, n_classes, bias=False)
        self.temperature = temperature
        self.renorm()

    def forward(self, feats):
        feats = F.normalize(feats)
        return self.proto(feats) / self.temperature

    def renorm(self):
        _unit_rows_(self.proto)


class OpenSetHead(nn.Module):
    def __init__(self, n_classes=12, width=2048, temperature=0.05, cosine=True):
        super().__init__()
        self.proto = nn.Linear(width, n_classes, bias=False)
        self.cosine = cosine
        self.temperature = temperature

    def forward(self, feats, give_feats=False):
        if give_feats:
            return feats
        if self.cosine:
            return self.proto(F.normalize(feats)) / self.temperature
        return self.proto(feats)

    def renorm(self):
        _unit_rows_(self.proto)

    def reset(self):
        self.proto.weight.data.normal_(0.0, 0.1)
