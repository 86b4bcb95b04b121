# Synthetic rewrite of the shape of ThomasNorr/Q-SENN:FeatureDiversityLoss.py at 2f3db79c3928e731bf870bc4a2863fd4bda49081 (licence NOASSERTION); not the original text.
"""Diversity regulariser: the winning class's weight row decides which feature maps count."""
import torch
from torch import nn


def unit_rows(x):
    return x / (x.norm(dim=1) + 1e-5)[:, None]


def spatial_softmax(maps):
    flat = maps.reshape(maps.size(0), maps.size(1), -1)
    return torch.softmax(flat, dim=2).view_as(maps)


def keep_mean_scale(maps):
    means = maps.mean(dim=[2, 3])
    top = means.max(dim=1).values.clamp(min=1e-6)
    return spatial_softmax(maps) * (means / top[:, None])[..., None, None]


class SpreadLoss(nn.Module):
    def __init__(self, weight, head):
        super().__init__()
        self.weight = weight
        self.head = head  # the model's final nn.Linear

    def class_rows(self, logits):
        rows = self.head.weight.abs()
        return rows[logits.argmax(dim=1)]

    def forward(self, feature_maps, logits):
        relevant_weights = unit_rows(self.class_rows(logits))
        maps = keep_mean_scale(feature_maps).flatten(2)
        weighted = maps * relevant_weights[..., None]
        spread = weighted.amax(dim=1).sum()
        return -spread / maps.size(0) * self.weight
