# Synthetic rewrite of the shape of iwhoyoung/Adam-Role-in-Mitigating-Class-Imbalance:py/adapoly_optimizer/util/feat_orth_charter.py at 5647d97fdea816b857eeb3c5d3f9f05c6ec0da37 (licence NOASSERTION); not the original text.
"""Toy superposition model: sparse features are squeezed into a few hidden dimensions
and reconstructed through a ReLU with a squared-error loss (no softmax anywhere).

After training, each feature's embedding direction is unit-normalised and its overlap
with every other feature's embedding gives an interference / polysemanticity score.
"""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class ToyCfg:
    n_feat: int
    n_hid: int
    n_inst: int


class ToyAE(nn.Module):
    def __init__(self, cfg, p_active, weight=None, device="cpu"):
        super().__init__()
        self.cfg = cfg
        self.enc = nn.Parameter(torch.empty(cfg.n_inst, cfg.n_feat, cfg.n_hid, device=device))
        self.dec = nn.Parameter(torch.empty(cfg.n_inst, cfg.n_feat, cfg.n_hid, device=device))
        nn.init.xavier_normal_(self.enc)
        nn.init.xavier_normal_(self.dec)
        self.bias = nn.Parameter(torch.zeros(cfg.n_inst, cfg.n_feat, device=device))
        self.p_active = p_active
        self.weight = torch.ones(()) if weight is None else weight

    def forward(self, x):
        h = torch.einsum("bif,ifh->bih", x, self.enc)
        return F.relu(torch.einsum("bih,ifh->bif", h, self.dec) + self.bias)

    def sample(self, n):
        x = torch.rand(n, self.cfg.n_inst, self.cfg.n_feat, device=self.enc.device)
        keep = torch.rand_like(x) <= self.p_active
        return torch.where(keep, x, torch.zeros_like(x))


def fit(model, steps=5000, n=1000, lr=1e-3):
    opt = torch.optim.AdamW(model.parameters(), lr=lr)
    for _ in range(steps):
        x = model.sample(n)
        loss = (model.weight * (x - model(x)) ** 2).mean(0).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()


@torch.no_grad()
def overlap_stats(model):
    E = model.enc
    unit = E / (E.norm(dim=-1, keepdim=True) + 1e-5)
    overlap = torch.einsum("ifh,igh->ifg", unit, E)
    idx = torch.arange(model.cfg.n_feat)
    overlap[:, idx, idx] = 0
    poly = overlap.norm(dim=-1)
    lengths = E.norm(dim=-1)
    dim_share = lengths ** 2 / (torch.einsum("ifh,igh->ifg", unit, E) ** 2).sum(-1)
    return lengths, poly, dim_share
