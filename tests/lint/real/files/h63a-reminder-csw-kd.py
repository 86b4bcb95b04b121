# Synthetic rewrite of the shape of HieuPhan33/REMINDER:utils/loss.py at f8d225eb9566dd5d6ea97133ac00178b59ba64f6 (licence GPL-3.0-only); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


def row_cosines(a, b):
    """All-pairs cosine between the rows of a and the rows of b."""
    a_unit = a / a.norm(dim=1, keepdim=True)
    b_unit = b / b.norm(dim=1, keepdim=True)
    return a_unit @ b_unit.t()


def class_means(seg, feats, wanted):
    """Average decoder feature of each labelled class in the batch (a 'prototype')."""
    out = torch.zeros(max(wanted) + 1, feats.size(1), device=seg.device)
    b, h, w = seg.shape
    feats = F.interpolate(feats, size=(h, w), mode="bilinear", align_corners=True)
    flat = feats.permute(0, 2, 3, 1).reshape(b * h * w, -1)
    seg = seg.reshape(-1)
    for k in wanted:
        sel = flat[seg == k]
        if len(sel):
            out[k] = sel.mean(0)
    return out


class SimilarityWeightedDistill(nn.Module):
    """Old-model soft targets are re-weighted by how close each new class is to every old class."""

    def __init__(self, old_means, temperature=3.0, delta=0.0):
        super().__init__()
        self.old_means = old_means.detach()      # (n_old, C) feature means saved after the previous step
        self.t = temperature
        self.delta = delta

    def forward(self, student_out, teacher_out, new_means, seg, keep):
        student_out = student_out[:, : teacher_out.shape[1]]
        b, _, h, w = student_out.shape
        s = student_out.permute(0, 2, 3, 1).reshape(b * h * w, -1)[keep]
        t = teacher_out.permute(0, 2, 3, 1).reshape(b * h * w, -1)[keep]
        lab = seg.reshape(-1)[keep]
        weights = row_cosines(new_means[lab], self.old_means.to(s.device))
        weights = weights.softmax(dim=-1)
        weights[weights < self.delta / weights.size(1)] = 0.0
        log_s = F.log_softmax(s / self.t, dim=1)
        soft_t = F.softmax(t / self.t, dim=1) * weights + 1e-7
        return self.t ** 2 * (-(soft_t.detach() * log_s)).sum() / lab.numel()
