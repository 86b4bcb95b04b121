# Synthetic rewrite of the shape of googleinterns/out-of-distribution:src/modules/max_mahalanobis.py at 84a2d5af59462f0943f629f742090b485ed50e61 (licence Apache-2.0); not the original text.
import math

import torch
from torch import nn


class FixedGaussianHead(nn.Module):
    """Class centres are fixed in advance so that every pair meets at the same
    angle; logits come from squared distances to those centres."""

    def __init__(self, scale: float, dim: int, n_classes: int):
        super().__init__()
        self.register_buffer("mu", self._place_centres(scale, dim, n_classes))

    @staticmethod
    def _place_centres(scale, dim, n_classes):
        mu = torch.zeros(n_classes, dim)
        mu[0, 0] = 1.0
        for i in range(1, n_classes):
            for j in range(i):
                # choose mu[i, j] so that <mu_i, mu_j> = -1 / (K - 1)
                top = 1.0 + (mu[i] @ mu[j]) * (n_classes - 1)
                mu[i, j] = -top / (mu[j, j] * (n_classes - 1))
            rest = 1.0 - mu[i].norm() ** 2
            mu[i, i] = rest.abs().sqrt()
        return mu * scale

    def forward(self, z: torch.Tensor, want: str = "posterior"):
        sq = (z[:, None, :] - self.mu).pow(2).sum(-1)
        if want == "distance":
            return sq
        log_lik = -0.5 * z.size(1) * math.log(2 * math.pi) - 0.5 * sq
        if want == "likelihood":
            return log_lik
        return log_lik - torch.logsumexp(log_lik, dim=1, keepdim=True)


def centre_pull_loss(sq_dist, y):
    return sq_dist.gather(1, y[:, None]).squeeze(1).mean()
