"""A detector's box head that may score classes by cosine: with `use_cos` its forward pass normalises
the `fc_cls` rows and the RoI features and multiplies their product by a scale, the background score
taken as a maximum of those class scores. Scaled by the module's own factor, those are the model's logits
(a cosine classifier), not a ranking the forward pass makes for itself: nothing is reported, whether the
scores reach the return or not.

Shape seen in public few-shot detection code; written for cosaudit's tests.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class CosBoxHead(nn.Module):
    def __init__(self, in_channels=1024, num_classes=21, use_cos=False, cos_scale=20):
        super().__init__()
        self.use_cos, self.cos_scale, self.base_ids = use_cos, cos_scale, None
        self.att = nn.Linear(in_channels, 1)
        self.fc_cls = nn.Linear(in_channels, num_classes - 1, bias=not use_cos)

    def forward(self, x):
        x = x.flatten(2)
        x = x * self.att(x)
        x = x.sum(-1)
        if self.use_cos:
            w_unit = F.normalize(self.fc_cls.weight, p=2, dim=1)
            feat_unit = F.normalize(x, p=2, dim=1)
            w_ex = w_unit[None].expand(x.size(0), -1, -1)
            feat_ex = feat_unit[:, None].expand_as(w_ex)
            fg_cls_score = (w_ex * feat_ex).sum(-1) * self.cos_scale
            bg_cls_score = torch.sub(self.cos_scale, fg_cls_score.max(dim=1, keepdim=True)[0])
            cls_score = torch.cat([bg_cls_score, fg_cls_score], dim=1)
        else:
            cls_score = self.fc_cls(x)
        if self.base_ids is not None:
            cls_score = cls_score[:, self.base_ids]
        if self.training:
            return cls_score, None
        return cls_score


class ScaledCosineHead(nn.Module):
    """The same head, its foreground scores under a short name."""

    def __init__(self, in_channels=256, num_classes=21, cos_scale=20.0):
        super().__init__()
        self.cos_scale = cos_scale
        self.fc_cls = nn.Linear(in_channels, num_classes - 1, bias=False)

    def forward(self, x):
        rows = F.normalize(self.fc_cls.weight, p=2, dim=1)
        feats = F.normalize(x.mean((2, 3)), p=2, dim=1)
        fg = (feats.unsqueeze(1) * rows.unsqueeze(0)).sum(-1) * self.cos_scale
        bg = self.cos_scale - fg.max(dim=1, keepdim=True).values
        scores = torch.cat([bg, fg], dim=1)
        return scores, None
