# Synthetic rewrite of the shape of SJTU-dxw/BN-SFDA:model.py at ccef264d20fc60f36689fc4ce88b6eab73d9cb53 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils import weight_norm


class BottleneckHead(nn.Module):
    """Source classifier of a source-free adaptation run: weight-normalised linear layer."""

    def __init__(self, n_classes, width=256):
        super().__init__()
        self.fc = weight_norm(nn.Linear(width, n_classes), name="weight")

    def forward(self, z):
        return self.fc(z)


class AdaptedNet(nn.Module):
    def __init__(self, backbone, n_classes, width=256, tau=0.07):
        super().__init__()
        self.backbone = backbone
        self.head = BottleneckHead(n_classes, width)
        self.tau = tau

    def forward(self, images):
        feat = self.backbone(images)
        # reuse the frozen source head as a cosine classifier: unit directions of
        # the weight-norm "v" parameter against unit features, temperature-scaled
        directions = F.normalize(self.head.fc.weight_v.detach(), dim=1)
        scores = F.normalize(feat) @ directions.T
        scores = scores / self.tau
        return feat, scores
