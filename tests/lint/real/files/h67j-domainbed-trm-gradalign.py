# Synthetic rewrite of the shape of facebookresearch/DomainBed:domainbed/algorithms.py at b93c22a1cfc3b2428398272c1a116c8de1f4139e (licence MIT); not the original text.
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import autograd


class TransferRiskLearner(nn.Module):
    """Per-domain linear heads on a shared featurizer; features are pushed so that a head fitted on
    one domain transfers to the others (gradient alignment measured on the head weights)."""

    def __init__(self, featurizer, feat_dim, n_classes, n_domains, align_weight=1e-4):
        super().__init__()
        self.featurizer = featurizer
        self.head = nn.Linear(feat_dim, n_classes)
        self.domain_heads = nn.ModuleList(nn.Linear(feat_dim, n_classes) for _ in range(n_domains))
        self.align_weight = align_weight

    def refit_domain_heads(self, feats, ys, steps=30, lr=0.1):
        for h in self.domain_heads:
            h.weight.data = copy.deepcopy(self.head.weight.data)
        opt = torch.optim.SGD(self.domain_heads.parameters(), lr=lr)
        for _ in range(steps):
            opt.zero_grad()
            sum(F.cross_entropy(h(f.detach()), y) for h, f, y in zip(self.domain_heads, feats, ys)).backward()
            opt.step()

    def transfer_penalty(self, feats, ys):
        total = 0.0
        for q, head_q in enumerate(self.domain_heads):
            own = F.cross_entropy(head_q(feats[q]), ys[q])
            g_own = autograd.grad(own, head_q.weight, create_graph=True)[0].flatten()
            others = sum(F.cross_entropy(head_q(feats[p]), ys[p]) for p in range(len(feats)) if p != q)
            g_other = autograd.grad(others, head_q.weight, create_graph=True)[0].flatten().detach()
            # raw inner product of the two gradients of the head weight (no normalisation)
            total = total + others - self.align_weight * (g_other @ g_own)
        return total / len(feats)
