# Synthetic rewrite of the shape of AMAANALI70/NEURAL-COLLAPSE:evaluation/nc_metrics.py at 3e2662a3493fb195e2356518b0ab5674e27ad5c2 (licence MIT); not the original text.
"""Collapse diagnostics for a skin-lesion classifier (means, ETF gap, head/mean duality)."""
import numpy as np
import torch
import torch.nn.functional as F


def per_class_means(feats, ys, n_cls):
    dim = feats.shape[1]
    means = torch.zeros(n_cls, dim)
    counts = torch.zeros(n_cls)
    for k in range(n_cls):
        sel = ys == k
        if sel.any():
            means[k] = feats[sel].mean(0)
            counts[k] = sel.sum()
    return means, counts


def etf_gap_of_means(feats, ys, n_cls):
    means, counts = per_class_means(feats, ys, n_cls)
    present = [k for k in range(n_cls) if counts[k] > 0]
    target = -1.0 / (len(present) - 1)
    unit = F.normalize(means[present], dim=1)
    gram = unit @ unit.T
    offd = [(gram[a, b].item() - target) ** 2
            for a in range(len(present)) for b in range(a + 1, len(present))]
    return float(np.mean(offd))


def head_mean_duality(feats, ys, net, n_cls):
    """1 - cos(w_k, mu_k) averaged over classes; needs a linear `fc` head."""
    layer = getattr(net, "fc", None)
    if layer is None:
        return float("nan")
    W = layer.weight.data.detach()
    means, counts = per_class_means(feats, ys, n_cls)
    present = [k for k in range(n_cls) if counts[k] > 0]
    W_norm = F.normalize(W[present], dim=1)
    M_norm = F.normalize(means[present], dim=1)
    cos_diag = (W_norm * M_norm).sum(dim=1)
    return (1.0 - cos_diag).mean().item()
