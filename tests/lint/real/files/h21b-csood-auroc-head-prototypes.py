# Synthetic rewrite of the shape of yu8661516/UniEnt:cifar/csood_auroc_exp.py at 43cc7122d846a7e53a58ac6215e7b31f96b08de0 (licence NOASSERTION); not the original text.
"""How well does '1 - best cosine to a class prototype' separate in- from out-of-distribution batches?"""
import copy

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from sklearn.metrics import roc_auc_score


def split_head(adapted):
    """Return (frozen trunk, class prototypes); prototypes come from the source head when none are kept."""
    if hasattr(adapted, "ref_trunk"):
        return adapted.ref_trunk, adapted.prototype
    trunk = copy.deepcopy(adapted.model0).eval()
    for p in trunk.parameters():
        p.requires_grad_(False)
    for attr in ("fc", "classifier"):
        layer = getattr(trunk, attr, None)
        if isinstance(layer, nn.Linear):
            protos = layer.weight.data.clone()
            setattr(trunk, attr, nn.Identity())
            return trunk, protos
    raise ValueError("no linear head found")


def ood_auroc(adapted, x_in, x_out, bs=100):
    trunk, protos = split_head(adapted)
    dev = next(adapted.parameters()).device

    @torch.no_grad()
    def score(x):
        feat = F.normalize(trunk(x.to(dev)), dim=1)
        proto = F.normalize(protos, dim=1)
        cos_sim = torch.matmul(feat, proto.T)
        return (1.0 - cos_sim.max(1).values).clamp(0, 1).cpu().numpy()

    s_in = np.concatenate([score(x_in[i:i + bs]) for i in range(0, len(x_in), bs)])
    s_out = np.concatenate([score(x_out[i:i + bs]) for i in range(0, len(x_out), bs)])
    truth = np.r_[np.zeros(len(s_in)), np.ones(len(s_out))]
    return roc_auc_score(truth, np.r_[s_in, s_out]), s_in.mean(), s_out.mean()
