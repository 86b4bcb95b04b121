# cosaudit corpus, synthetic file: same shape as aimagelab/mammoth/models/lucir.py at e75a491c69fd729edeb01431afb753d9157d9a81 (licence MIT); new code, no text copied.
import math

import torch
import torch.nn.functional as F
from torch import nn


class SplitCosineHead(nn.Module):
    """One block of class rows per task; logits are scaled cosines between features and rows."""

    def __init__(self, dim, per_task, n_tasks):
        super().__init__()
        self.blocks = nn.ParameterList([nn.Parameter(torch.randn(per_task, dim) * 0.01) for _ in range(n_tasks)])
        self.sigma = nn.Parameter(torch.tensor(1.0))

    def forward(self, x):
        x = F.normalize(x.flatten(1), p=2, dim=1)
        parts = [F.linear(x, F.normalize(w, p=2, dim=1)) for w in self.blocks]
        return self.sigma * torch.cat(parts, dim=1)


class Lucir:
    def __init__(self, net, old_net, lam_base=5.0, lam_mr=1.0):
        self.net, self.old_net = net, old_net
        self.lam_cos, self.lam_mr = lam_base, lam_mr

    def loss(self, inputs, labels, task):
        feats = self.net(inputs, returnt="features")
        logits = self.net.head(feats)
        loss = F.cross_entropy(logits, labels)
        if task > 0:
            with torch.no_grad():
                old_feats = self.old_net(inputs, returnt="features").flatten(1)
            target = torch.ones(feats.shape[0], device=feats.device)
            loss = loss + F.cosine_embedding_loss(feats.flatten(1), old_feats, target) * self.lam_cos
        return loss

    def end_task(self, task):
        self.lam_cos = math.sqrt(task) * self.lam_cos
