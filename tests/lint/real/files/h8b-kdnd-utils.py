# cosaudit corpus, synthetic file: same shape as WangYZ1608/Knowledge-Distillation-via-ND/CIFAR/DIST++/utils.py at fc6f3f9058ed35189a1d3c0a79a7594025e4d88f (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn as nn
import torch.nn.functional as F


def _cos(a, b, eps=1e-8):
    return (a * b).sum(1) / (a.norm(dim=1) * b.norm(dim=1) + eps)


def _pearson(a, b):
    return _cos(a - a.mean(1, keepdim=True), b - b.mean(1, keepdim=True))


class RelationKD(nn.Module):
    """Match student and teacher softmax outputs by correlation, per sample and per class."""

    def __init__(self, tau=1.0):
        super().__init__()
        self.tau = tau

    def forward(self, z_s, z_t):
        p_s, p_t = F.softmax(z_s / self.tau, 1), F.softmax(z_t / self.tau, 1)
        inter = 1 - _pearson(p_s, p_t).mean()
        intra = 1 - _pearson(p_s.t(), p_t.t()).mean()
        return self.tau ** 2 * (inter + intra)


class CentreDirectionLoss(nn.Module):
    """Push each student embedding along the teacher's class-centre direction."""

    def __init__(self, weight=1.0):
        super().__init__()
        self.weight = weight

    def forward(self, s_emb, t_emb, centres, labels):
        total = 0.0
        for s, t, y in zip(s_emb, t_emb, labels):
            c = torch.as_tensor(centres[str(int(y))], device=s.device)
            unit = c / c.norm()
            scale = torch.maximum(s.norm(), t.norm())
            total = total + 1 - torch.dot(s, unit) / scale
        return self.weight * total / len(labels)
