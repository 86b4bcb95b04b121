# Synthetic rewrite of the shape of Xiaziheng89/Spatial-Location-Constraint-Prototype-Loss-for-Open-Set-Recognition:loss/SLCPLoss.py at 47ebf4b844bc2b0ba98761bd47a0bb4b7963e174 (licence MIT); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class PrototypeDistanceHead(nn.Module):
    """Open-set head: logits are negative squared distances to one learnable point per class."""

    def __init__(self, n_classes, dim, spread_weight=0.1):
        super().__init__()
        self.points = nn.Parameter(0.1 * torch.randn(n_classes, dim))
        self.spread_weight = spread_weight

    def sq_dist(self, z):
        zz = z.pow(2).sum(1, keepdim=True)
        pp = self.points.pow(2).sum(1)[None, :]
        return (zz - 2 * z @ self.points.T + pp) / z.shape[1]

    def forward(self, z, target=None):
        d = self.sq_dist(z)
        probs = F.softmax(-d, dim=1)
        if target is None:
            return probs, z.new_zeros(())
        ce = F.cross_entropy(-d, target)
        pull = F.mse_loss(z, self.points[target]) / 2
        # keep every class point at a similar radius from the points' centroid
        centroid = self.points.mean(dim=0)
        radius = (self.points - centroid).pow(2).mean(dim=1)
        return probs, ce + self.spread_weight * pull + radius.std()
