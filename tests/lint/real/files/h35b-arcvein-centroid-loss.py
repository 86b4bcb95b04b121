# Synthetic rewrite of the shape of Blazkowiz47/snake-graph-block:losses/arcveinloss.py at 456f5561c478438e9da9f45ddd9ddccfe0106271 (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F
from torch import nn


class AngularPullLoss(nn.Module):
    """Auxiliary loss: total angle between embeddings and a bank of learnable class centroids."""

    def __init__(self, dim, n_classes, coef=0.01, finetune=False):
        super().__init__()
        self.finetune = finetune
        self.coef = coef
        self.anchors = nn.Parameter(torch.randn(n_classes, dim))

    def forward(self, emb):
        anchors = F.normalize(self.anchors, dim=0)
        emb = F.normalize(emb, dim=1)
        cosa = torch.matmul(emb, anchors)
        return self.coef * torch.acos(cosa).sum()
