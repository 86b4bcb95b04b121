# Synthetic rewrite of the shape of noorahmedds/OrCo:models/orco/Network.py at 85114e1e016b86e2613bd2c707941c1ff4667ca6 (licence NOASSERTION); not the original text.
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from scipy.optimize import linear_sum_assignment
from sklearn.metrics.pairwise import cosine_similarity


class SpreadTargetHead(nn.Module):
    """Fixed, maximally spread unit targets used as a cosine classifier."""

    def __init__(self, dim, n_base, n_total, tau=1.0):
        super().__init__()
        self.heads = nn.Sequential(nn.Linear(dim, n_base, bias=False))
        self.register_buffer("spare", torch.randn(n_total, dim))
        self.tau = tau

    @staticmethod
    def mean_angle(vecs):
        g = np.clip(vecs.cpu().numpy() @ vecs.cpu().numpy().T, 0, 1)
        ang = np.arccos(g)
        off = ang[~np.eye(len(ang), dtype=bool)].reshape(len(ang), -1)
        return np.degrees(off.mean()), np.degrees(off.min(axis=1).mean())

    def spread_targets(self, steps=500):
        pts = nn.Parameter(F.normalize(torch.randn_like(self.spare)))
        opt = torch.optim.SGD([pts], lr=1.0)
        for _ in range(steps):
            opt.zero_grad()
            sim = F.cosine_similarity(pts[None, :, :], pts[:, None, :], dim=-1)
            loss = torch.logsumexp(sim / self.tau, dim=1).mean()
            loss.backward()
            opt.step()
            pts.data = F.normalize(pts.data)
            avg, closest = self.mean_angle(pts.detach())
        self.spare = pts.data

    def bind(self, class_protos, first=False):
        cost = cosine_similarity(F.normalize(class_protos).cpu(), self.spare.cpu())
        _, cols = linear_sum_assignment(cost, maximize=True)
        chosen = self.spare[cols]
        if first:
            self.heads[0].weight.data = chosen
        else:
            extra = nn.Linear(chosen.shape[1], chosen.shape[0], bias=False)
            extra.weight.data.copy_(chosen)
            self.heads.append(extra)
        keep = np.setdiff1d(np.arange(self.spare.shape[0]), cols)
        self.spare = self.spare[keep]

    def forward(self, z):
        zn = F.normalize(z, p=2, dim=-1)
        parts = [F.linear(zn, F.normalize(h.weight, p=2, dim=-1)) / self.tau
                 for h in self.heads.children()]
        return torch.cat(parts, dim=1)
