# Synthetic rewrite of the shape of yinboc/few-shot-meta-baseline:models/classifier.py at b229ff288650bc8be0eb1ad70a2a2bc7c38c267c (licence NOASSERTION); not the original text.
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

import registry


def scaled_logits(feats, anchors, metric, scale):
    """Scores of each feature against each class anchor."""
    if metric == 'cos':
        return scale * F.normalize(feats, dim=-1) @ F.normalize(anchors, dim=-1).t()
    if metric == 'dot':
        return scale * feats @ anchors.t()
    return -scale * torch.cdist(feats, anchors) ** 2


@registry.add('backbone-with-head')
class BackboneWithHead(nn.Module):
    def __init__(self, backbone, backbone_kw, head, head_kw):
        super().__init__()
        self.backbone = registry.build(backbone, **backbone_kw)
        head_kw['feat_dim'] = self.backbone.out_dim
        self.head = registry.build(head, **head_kw)

    def forward(self, images):
        return self.head(self.backbone(images))


@registry.add('plain-head')
class PlainHead(nn.Module):
    def __init__(self, feat_dim, num_classes):
        super().__init__()
        self.fc = nn.Linear(feat_dim, num_classes)

    def forward(self, h):
        return self.fc(h)


@registry.add('anchor-head')
class AnchorHead(nn.Module):
    """Classifier whose logits are scaled cosines to one learned anchor per class."""

    def __init__(self, feat_dim, num_classes, metric='cos', scale=None):
        super().__init__()
        self.anchors = nn.Parameter(torch.empty(num_classes, feat_dim))
        nn.init.kaiming_uniform_(self.anchors, a=math.sqrt(5))
        if scale is None:
            scale = nn.Parameter(torch.tensor(10.)) if metric == 'cos' else 1.0
        self.metric = metric
        self.scale = scale

    def forward(self, h):
        return scaled_logits(h, self.anchors, self.metric, self.scale)
