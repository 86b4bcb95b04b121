# Synthetic rewrite of the shape of ShuYuHuang/UnetCosLoss:models/head.py at 700a3243aa37098c1f0eb69fa712ac1e6d06290c (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


def prototype_cosines(feature_map, prototypes, scale=1.0):
    """Per-pixel cosine between a feature map (B, C, H, W) and each prototype (K, C)."""
    maps = []
    for proto in prototypes:
        maps.append(F.cosine_similarity(feature_map, proto[None, :, None, None], dim=1) * scale)
    return torch.stack(maps, dim=1)


class PrototypeSegHead(nn.Module):
    """Segmentation head whose per-class scores are cosines to learned prototypes."""

    def __init__(self, channels, n_classes=2, similarity=prototype_cosines):
        super().__init__()
        self.prototypes = nn.Parameter(torch.empty(n_classes, channels))
        nn.init.xavier_uniform_(self.prototypes, gain=1.0)
        self.similarity = similarity

    def forward(self, feature_map):
        return self.similarity(feature_map, self.prototypes)
