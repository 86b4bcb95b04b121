# Synthetic rewrite of the shape of GzyAftermath/CAT-KD:mdistiller/distillers/CAT_KD.py at 4467073ca31b9929e7c45f5a6761e5e1b7c9442f (licence NOASSERTION); not the original text.
# The teacher used here ends in a 1x1 conv whose filters are the teacher classifier's rows,
# so its last feature map holds one class activation map per class.
import torch
import torch.nn as nn
import torch.nn.functional as F

from ._base import Distiller


def _unit_maps(maps, enabled):
    return F.normalize(maps, dim=(2, 3)) if enabled else maps


def cam_transfer_loss(s_maps, t_maps, resolution, normalise):
    s_small = F.adaptive_avg_pool2d(s_maps, (resolution, resolution))
    t_small = F.adaptive_avg_pool2d(t_maps, (resolution, resolution))
    return F.mse_loss(_unit_maps(s_small, normalise), _unit_maps(t_small, normalise))


class ClassActivationTransfer(Distiller):
    def __init__(self, student, teacher, cfg):
        super().__init__(student, teacher)
        c = cfg.CAT_KD
        self.w_ce = c.LOSS.CE_WEIGHT
        self.w_cat = c.LOSS.CAT_loss_weight
        self.res = c.LOSS.CAM_RESOLUTION
        self.normalise = c.IF_NORMALIZE
        self.binarise = c.IF_BINARIZE
        self.only_cat = c.onlyCAT

    def forward_train(self, image, target, **kwargs):
        s_logits, s_feats = self.student(image)
        with torch.no_grad():
            _, t_feats = self.teacher(image)
        t_maps = t_feats["feats"][-1]
        s_maps = s_feats["feats"][-1]
        if self.binarise:
            n, c, h, w = t_maps.shape
            thr = t_maps.abs().sum(dim=(2, 3), keepdim=True) / (h * w)
            t_maps = (F.relu(t_maps - thr) > 0).float()
        losses = {"loss_CAT": self.w_cat * cam_transfer_loss(s_maps, t_maps, self.res, self.normalise)}
        if not self.only_cat:
            losses["loss_CE"] = self.w_ce * F.cross_entropy(s_logits, target)
        return s_logits, losses
