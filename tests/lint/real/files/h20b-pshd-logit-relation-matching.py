# Synthetic rewrite of the shape of fanyan0411/PsHD:utils/distill_loss.py at 528209cef29925abe6d4f13d5ef1872805972e9c (licence MIT); not the original text.
import torch
import torch.nn.functional as F


def random_walk_power(P, alpha, steps):
    return ((1 - alpha) ** steps) * torch.matrix_power(P, steps)


def relation_matching_loss(new_logits, old_logits, known, pseudo_targets, gamma=1.0, walk_alpha=0.2, walk_len=5):
    """Keep the sample-to-sample affinity structure of old-class samples stable across tasks."""
    keep = torch.where((pseudo_targets < known) & (pseudo_targets > -100))[0]
    z_new = new_logits[keep]
    z_old = old_logits[keep]

    # column-normalised affinity between samples, from the cosine of their logit vectors
    A_new = torch.softmax(F.cosine_similarity(z_new.unsqueeze(1), z_new, dim=-1) * gamma, dim=0)
    A_old = torch.softmax(F.cosine_similarity(z_old.unsqueeze(1), z_old, dim=-1) * gamma, dim=0)

    walk_new = torch.zeros_like(A_new)
    walk_old = torch.zeros_like(A_old)
    for t in range(1, walk_len + 1):
        walk_new += random_walk_power(A_new, walk_alpha, t)
        walk_old += random_walk_power(A_old, walk_alpha, t)

    return {"relation_loss": ((walk_new - walk_old) ** 2).sum()}
