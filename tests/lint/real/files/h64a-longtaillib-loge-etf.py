# Synthetic rewrite of the shape of gzhu-hcai/LongTailLib:system/flcore/servers/serverloge.py at 13d7e81f7560183ca5b1bf790ab709d6cf64d825 (licence NOASSERTION); not the original text.
import numpy as np
import torch
import torch.nn as nn


def simplex_frame(dim, n_cls, seed=0):
    rng = np.random.default_rng(seed)
    q, _ = np.linalg.qr(rng.standard_normal((dim, n_cls)))
    q = torch.tensor(q, dtype=torch.float32)
    centering = torch.eye(n_cls) - torch.full((n_cls, n_cls), 1.0 / n_cls)
    return (n_cls / (n_cls - 1)) ** 0.5 * q @ centering          # dim x n_cls, one column per label


def sparsify_frame(frame, drop=0.6, steps=5000, lr=1e-4):
    dim, n_cls = frame.shape
    flat = frame.clone().flatten()
    killed = np.random.choice(dim * n_cls, int(drop * dim * n_cls), replace=False)
    flat[killed] = 0.0
    cols = flat.reshape(dim, n_cls).clone().requires_grad_(True)
    keep = (cols.detach() != 0).float()
    opt = torch.optim.Adam([cols], lr=lr)
    for it in range(steps):
        opt.zero_grad()
        lengths = cols.norm(dim=0)
        length_pen = ((lengths - 1.0) ** 2).sum()
        unit_cols = cols / (lengths + 1e-8)
        # pairwise cosine between the label vectors of the head
        pair_cos = unit_cols.t() @ unit_cols
        pair_cos.fill_diagonal_(-1.0)
        spread_pen = -torch.arccos(pair_cos.max(dim=1).values.clamp(-0.99999, 0.99999)).mean()
        (length_pen + spread_pen).backward()
        cols.grad *= keep
        opt.step()
    return cols.detach()


def build_global_head(feat_dim, n_cls):
    head = nn.Linear(feat_dim, n_cls)
    head.weight.data = sparsify_frame(simplex_frame(feat_dim, n_cls)).t()   # rows = class vectors
    return head
