# cosaudit corpus, synthetic file: same shape as iSEE-Laboratory/Revisting_FSCIL/models/my_vit/RKD.py at c25bfd9007ae29c287cc169777cb07f7ce878d5e (licence MIT); new code, no text copied.
"""Relational distillation terms between a teacher and a student embedding batch."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def pairwise_dist(e, eps=1e-12):
    sq = e.pow(2).sum(1)
    d = (sq[:, None] + sq[None, :] - 2 * e @ e.t()).clamp(min=eps).sqrt()
    d = d.clone()
    d.fill_diagonal_(0)
    return d


def triplet_angles(e):
    diff = F.normalize(e[None, :, :] - e[:, None, :], p=2, dim=2)
    return torch.bmm(diff, diff.transpose(1, 2)).view(-1)


class AngleKD(nn.Module):
    def forward(self, student, teacher):
        with torch.no_grad():
            t = triplet_angles(teacher)
        return F.smooth_l1_loss(triplet_angles(student), t)


class DistanceKD(nn.Module):
    def forward(self, student, teacher):
        with torch.no_grad():
            t = pairwise_dist(teacher)
        return F.smooth_l1_loss(pairwise_dist(student), t)
