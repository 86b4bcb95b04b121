# cosaudit corpus, synthetic file: same shape as arthurdouillard/incremental_learning.pytorch/inclearn/lib/losses/regularizations.py at c09fc54dc4e9b03f5ea209397bd7ac09d6f27eb1 (licence MIT); new code, no text copied.
import torch
import torch.nn.functional as F


def spread_classes(class_weights, margin=0.0):
    """Push the per-class weight vectors (n_classes x dim) apart.

    Returns the mean hinge over the off-diagonal pairwise cosines.
    """
    unit = F.normalize(class_weights, p=2, dim=1)
    sims = unit @ unit.t()
    off = sims[~torch.eye(sims.shape[0], dtype=torch.bool, device=sims.device)]
    return F.relu(off + margin).mean()


def soft_decorrelation(class_weights, lam=10.0, factor=1.0):
    unit = F.normalize(class_weights, p=2, dim=1)
    sims = unit @ unit.t()
    off = sims[~torch.eye(sims.shape[0], dtype=torch.bool, device=sims.device)]
    return factor * torch.log1p(torch.exp(lam * (off - 1.0))).sum()


def two_sided_gram_penalty(class_weights, factor=1.0, squared=True):
    inner = class_weights.t() @ class_weights
    outer = class_weights @ class_weights.t()
    a = torch.linalg.norm(inner - torch.eye(inner.shape[0], device=inner.device))
    b = torch.linalg.norm(outer - torch.eye(outer.shape[0], device=outer.device))
    if squared:
        a, b = a ** 2, b ** 2
    return factor * (a + b)
