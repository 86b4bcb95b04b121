# Synthetic rewrite of the shape of yrqs/DMNet:mmdet/models/bbox_heads/fs_cos_bbox_head.py at 684448a01b31aaeba0f3daa9e17ec8ee0c8eeda3 (licence Apache-2.0); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class FewShotBoxHead(nn.Module):
    """RoI box head whose classifier can optionally score by scaled cosine."""

    def __init__(self, in_channels=256, num_classes=21, use_cos=False, cos_scale=20.0,
                 agnostic_reg=False, drop=None):
        super().__init__()
        self.use_cos = use_cos
        self.cos_scale = cos_scale
        self.drop = drop
        # foreground rows only; background is derived when cosine scoring is on
        self.fc_cls = nn.Linear(in_channels, num_classes - 1, bias=not use_cos)
        reg_out = 4 if agnostic_reg else 4 * num_classes
        self.fc_reg = nn.Linear(in_channels, reg_out)
        self.pool = nn.AdaptiveAvgPool2d(1)

    def init_weights(self):
        if not self.use_cos:
            nn.init.normal_(self.fc_cls.weight, 0.0, 0.01)
            nn.init.zeros_(self.fc_cls.bias)
        nn.init.normal_(self.fc_reg.weight, 0.0, 0.001)
        nn.init.zeros_(self.fc_reg.bias)

    def forward(self, roi_feats):
        x = self.pool(roi_feats).flatten(1)
        if self.drop is not None:
            x = F.dropout(x, self.drop, training=self.training)
        if self.use_cos:
            rows = F.normalize(self.fc_cls.weight, p=2, dim=1)
            feats = F.normalize(x, p=2, dim=1)
            fg = (feats.unsqueeze(1) * rows.unsqueeze(0)).sum(-1) * self.cos_scale
            bg = self.cos_scale - fg.max(dim=1, keepdim=True).values
            scores = torch.cat([bg, fg], dim=1)
        else:
            scores = self.fc_cls(x)
        deltas = self.fc_reg(x)
        return scores, deltas
