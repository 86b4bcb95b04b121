# cosaudit corpus, synthetic file: same shape as p-lam/LTR-prototype-classifiers/models/prototype_learning.py at 5e3b0d60519bb36a6fc1f0ced969a92e35571650 (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn as nn
import torch.nn.functional as F


class SmoothL1Dist(nn.Module):
    def __init__(self, delta=1.0):
        super().__init__()
        self.delta = delta

    def forward(self, d):
        return self.delta * (torch.sqrt((d / self.delta) ** 2 + 1) - 1)


class PrototypeClassifier(nn.Module):
    def __init__(self, encoder, init_protos, metric="euclidean", squared=False, huber=None):
        super().__init__()
        self.encoder = encoder
        self.protos = nn.Parameter(init_protos.clone())
        self.metric = metric
        self.squared = squared
        self.huber = None if huber is None else SmoothL1Dist(huber)

    def distances(self, z, temp):
        if self.metric == "cosine":
            return 1 - F.cosine_similarity(z[:, None, :], self.protos[None, :, :], dim=-1)
        diff = z[:, None, :] - self.protos[None, :, :]
        if self.metric == "euclidean":
            return diff.pow(2).sum(-1).sqrt()
        if self.metric == "class-temp":
            return ((diff @ temp) * diff).sum(-1).sqrt()
        raise ValueError(self.metric)

    def forward(self, x, temp=None):
        with torch.no_grad():
            z = self.encoder(x)
        d = self.distances(z, temp)
        if self.squared:
            d = d ** 2
        if self.huber is not None:
            d = self.huber(d)
        return -d
