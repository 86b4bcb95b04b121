# cosaudit corpus, synthetic file: same shape as KaihuaTang/Generalized-Long-Tailed-Benchmarks.pytorch/models/ClassifierLDAM.py at 3a269974892ff327d5303a07249a4ce9b5e23222 (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn as nn
import torch.nn.functional as F


class NormedHead(nn.Module):
    """Classifier for margin losses: each logit is the cosine of the feature with a class column."""

    def __init__(self, in_dim, n_classes=1000):
        super().__init__()
        w = torch.empty(in_dim, n_classes).uniform_(-1, 1)
        self.weight = nn.Parameter(w.renorm(2, 1, 1e-5).mul(1e5))

    def forward(self, feats, extra=None):
        return F.normalize(feats, dim=1) @ F.normalize(self.weight, dim=0)


def build(in_dim=2048, n_classes=1000):
    return NormedHead(in_dim, n_classes)
