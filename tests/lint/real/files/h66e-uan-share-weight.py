# Synthetic rewrite of the shape of thuml/Universal-Domain-Adaptation:lib.py at 00a4e12dbbd25573575919a53b7dd7304377069c (licence NOASSERTION); not the original text.
import numpy as np
import torch
import torch.nn as nn


def logit_of(p, eps=1e-10):
    return torch.log(p / (1.0 - p + eps) + eps)


def source_transfer_score(disc_prob, class_logits, t_domain=1.0, t_class=10.0):
    """Universal DA sample weight: normalised prediction entropy minus domain similarity."""
    probs = nn.Softmax(-1)(class_logits / t_class)
    d = nn.Sigmoid()(logit_of(disc_prob) / t_domain)
    ent = -(probs * torch.log(probs + 1e-10)).sum(1, keepdim=True)
    ent01 = ent / np.log(probs.size(1))          # entropy scaled to [0, 1]
    return (ent01 - d).detach()


def target_transfer_score(disc_prob, class_logits, t_domain=1.0, t_class=10.0):
    return -source_transfer_score(disc_prob, class_logits, t_domain, t_class)


def rescale_weight(w):
    """Min-max rescale a batch of sample weights, then divide by their mean."""
    lo, hi = w.min(), w.max()
    w = (w - lo) / (hi - lo)
    return (w / w.mean()).detach()
