# Synthetic rewrite of the shape of hongxin001/logitnorm_ood:common/loss_function.py at 0a60eeffb7dfc970fe68e07c5649ea1c9c8244c6 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class BinnedCalibrationError(nn.Module):
    """Expected calibration error over equal-width confidence bins."""

    def __init__(self, bins=15):
        super().__init__()
        edges = torch.linspace(0, 1, bins + 1)
        self.lo, self.hi = edges[:-1], edges[1:]

    def forward(self, logits, y, temp=1.0):
        conf, pred = F.softmax(logits / temp, dim=1).max(dim=1)
        hit = pred.eq(y).float()
        err = torch.zeros(1, device=logits.device)
        for a, b in zip(self.lo, self.hi):
            inside = (conf > a.item()) & (conf <= b.item())
            share = inside.float().mean()
            if share.item() > 0:
                err += (conf[inside].mean() - hit[inside].mean()).abs() * share
        return err


class UnitLogitCrossEntropy(nn.Module):
    """Cross-entropy on logits rescaled to unit length (logit normalisation)."""

    def __init__(self, tau=1.0):
        super().__init__()
        self.tau = tau

    def forward(self, logits, y):
        length = logits.norm(p=2, dim=-1, keepdim=True) + 1e-7
        scaled = logits / length / self.tau
        return F.cross_entropy(scaled, y)
