# Synthetic rewrite of the shape of yfzhang114/AdaNPC:domainbed/knn.py at 29fe27abf4f062a0fb0d7e33acae83cb5a94f374 (licence MIT); not the original text.
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class FeatureBankVoter(nn.Module):
    """Non-parametric 'classifier': cosine k-NN voting over a bank of stored unit features.

    The test-time algorithm installs this object as its ``classifier``; its rows are
    remembered feature vectors with labels, not the weights of a softmax layer.
    """

    def __init__(self, dim, size, tau, k, n_classes, radius=1.1):
        super().__init__()
        self.tau, self.k, self.n_classes, self.radius = tau, k, n_classes, radius
        bound = 1.0 / math.sqrt(dim / 3)
        self.register_buffer("bank", torch.rand(size, dim).mul_(2 * bound).sub_(bound))
        self.register_buffer("bank_y", torch.zeros(size, dtype=torch.long))
        self.size = size

    @torch.no_grad()
    def append(self, feats, labels):
        self.bank = torch.cat([self.bank, F.normalize(feats)], 0)
        self.bank_y = torch.cat([self.bank_y, labels], 0)

    def forward(self, feats):
        # cosine between each query feature and every stored (already unit) feature
        sims = F.normalize(feats) @ self.bank.t()
        top, where = sims.topk(self.k, dim=1)
        votes_y = self.bank_y.expand(feats.size(0), -1).gather(1, where)
        w = F.softmax(top / self.tau, dim=1)
        onehot = F.one_hot(votes_y, self.n_classes).float()
        scores = (onehot * w.unsqueeze(-1)).sum(1)
        return (scores + 1e-5).clamp(max=1.0)

    def reset(self):
        self.bank = self.bank[: self.size]
        self.bank_y = self.bank_y[: self.size]
