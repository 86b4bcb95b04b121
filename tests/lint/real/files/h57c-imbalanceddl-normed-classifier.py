# Synthetic rewrite of the shape of ntucllab/imbalanced-DL:imbalanceddl/net/network.py at caa43d92f2d765a75e0e3e646f6ec16b1a5260b2 (licence BSD-2-Clause); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class UnitColumnHead(nn.Module):
    """Cosine head: unit-length features times unit-length weight columns."""

    def __init__(self, dim, n_out):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(dim, n_out))
        self.weight.data.uniform_(-1, 1).renorm_(2, 1, 1e-5).mul_(1e5)

    def forward(self, h):
        return F.normalize(h, dim=1) @ F.normalize(self.weight, dim=0)


class ImbalanceNet(nn.Module):
    WIDTH = {"resnet32": 64, "resnet18": 512}
    N_CLASSES = {"cifar10": 10, "cifar100": 100, "tiny200": 200}

    def __init__(self, cfg, trunks):
        super().__init__()
        self.cfg = cfg
        self.trunk = trunks[cfg.backbone]()
        self.head = self._make_head(self.WIDTH[cfg.backbone], self.N_CLASSES[cfg.dataset])

    def _make_head(self, dim, n_out):
        kind = self.cfg.classifier
        if self.cfg.strategy == "LDAM_DRW":
            # margin-based loss expects cosine logits
            kind = "cosine_similarity_classifier"
        if kind == "dot_product_classifier":
            return nn.Linear(dim, n_out, bias=False)
        if kind == "cosine_similarity_classifier":
            return UnitColumnHead(dim, n_out)
        raise NotImplementedError(kind)

    def forward(self, x):
        h = self.trunk(x)
        return self.head(h), h
