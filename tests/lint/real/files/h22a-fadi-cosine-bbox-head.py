# Synthetic rewrite of the shape of yhcao6/FADI:fadi/models/cosine_sim_bbox_head.py at 2cc537895aece016b66f8a9205270ccd7836c083 (licence Apache-2.0); not the original text.
import torch
import torch.nn as nn
from mmdet.models.builder import HEADS
from mmdet.models.roi_heads.bbox_heads import ConvFCBBoxHead


@HEADS.register_module()
class ScaledCosineBoxHead(ConvFCBBoxHead):
    """Box head whose class scores are scaled cosines between RoI features and unit class rows."""

    def __init__(self, fc_out_channels=1024, scale=20.0, *args, **kwargs):
        super().__init__(num_shared_convs=0, num_shared_fcs=2, num_cls_convs=0, num_cls_fcs=0,
                         num_reg_convs=0, num_reg_fcs=0, fc_out_channels=fc_out_channels,
                         *args, **kwargs)
        self.fc_cls = nn.Linear(self.cls_last_dim, self.num_classes + 1, bias=False)
        self.scale = scale

    def _unit_rows(self):
        w = self.fc_cls.weight.data
        self.fc_cls.weight.data = w / (w.norm(p=2, dim=1, keepdim=True) + 1e-5)

    def forward(self, x):
        x = x.flatten(1)
        for fc in self.shared_fcs:
            x = self.relu(fc(x))
        x_unit = x / (x.norm(p=2, dim=1, keepdim=True) + 1e-5)
        self._unit_rows()
        cos = self.fc_cls(x_unit)
        return self.scale * cos, self.fc_reg(x)
