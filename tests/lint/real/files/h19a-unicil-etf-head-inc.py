# Synthetic rewrite of the shape of NeuralCollapseApplications/UniCIL:mmcil/heads/ETFHeadInc.py at 4ad5fec7dac7bd3ecf734fb83247754033f4403f (licence NOASSERTION); not the original text.
import math

import numpy as np
import torch
from torch import nn


def random_orthonormal(dim, n_cls):
    q, _ = np.linalg.qr(np.random.rand(dim, n_cls))
    return torch.from_numpy(q).float()


class IncrementalSimplexHead(nn.Module):
    """Fixed simplex-ETF classifier; novel sessions may blend in class-mean prototypes."""

    def __init__(self, n_cls, dim, blend=True):
        super().__init__()
        self.n_cls = n_cls
        self.blend = blend
        basis = random_orthonormal(dim, n_cls)
        centre = torch.eye(n_cls) - torch.full((n_cls, n_cls), 1.0 / n_cls)
        simplex = basis @ centre * math.sqrt(n_cls / (n_cls - 1))
        self.register_buffer("simplex", simplex)
        self.register_buffer("protos", simplex.clone())
        self.active = None
        self.progress = 0.0
        self.visible = (0, n_cls)

    def embed(self, feats):
        return feats / feats.norm(p=2, dim=1, keepdim=True)

    def current_targets(self):
        if self.active is None:
            return self.simplex
        lo, hi = self.active
        mixed = self.protos[:, lo:hi] * (1 - self.progress) + self.simplex[:, lo:hi] * self.progress
        mixed = mixed / mixed.norm(p=2, dim=0, keepdim=True)
        return torch.cat([self.simplex[:, :lo], mixed], dim=1)

    def predict(self, feats):
        x = self.embed(feats)
        etf_vec = self.current_targets()
        cls_score = x @ etf_vec
        cls_score = cls_score[:, : self.visible[1]]
        cls_score[:, : self.visible[0]] = -10.0
        return cls_score

    def load_prototypes(self, means, lo, hi):
        for k, vec in enumerate(means):
            self.protos[:, lo + k] = vec
        self.active = (lo, hi)
