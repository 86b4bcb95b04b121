# Synthetic rewrite of the shape of yrqs/bsdet:bsdet/modeling/roi_heads/fast_rcnn.py at 330e7a651c03e14c9d789ec7639a68ed64609b98 (licence MIT); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class AngularBoxHead(nn.Module):
    """Detection box head whose class scores are built from cosines between the
    RoI feature and one learned representative per class, plus a bank of
    'negative' representatives per class."""

    def __init__(self, in_dim, n_cls, n_neg=4, sharp=3.0, power=2.0, box_dim=4):
        super().__init__()
        self.sharp = sharp
        self.power = power
        self.n_neg = n_neg
        self.protos = nn.Linear(in_dim, n_cls + 1)
        self.neg_protos = nn.Linear(in_dim, n_cls * n_neg, bias=False)
        self.deltas = nn.Linear(in_dim, n_cls * box_dim)
        nn.init.normal_(self.protos.weight, std=0.01)
        nn.init.normal_(self.neg_protos.weight, std=0.01)

    def forward(self, roi):
        roi = roi.flatten(1)
        boxes = self.deltas(roi)
        per_class = self.protos.weight[:-1]
        wide = roi[:, None, :].expand(-1, per_class.size(0), -1)
        cos_pos = F.cosine_similarity(wide, per_class[None].expand_as(wide), dim=2)
        negs = self.neg_protos.weight.view(per_class.size(0), self.n_neg, -1)
        negs = negs[None].expand(roi.size(0), -1, -1, -1)
        cos_neg = F.cosine_similarity(wide[:, :, None, :].expand_as(negs), negs, dim=3).amax(2)
        score = torch.exp(-(1 - cos_pos) ** self.power * self.sharp)
        background = torch.full((score.size(0), 1), -1e5, device=score.device)
        return torch.cat([score, background], dim=1), boxes, {"cos": cos_pos, "neg_cos": cos_neg}
