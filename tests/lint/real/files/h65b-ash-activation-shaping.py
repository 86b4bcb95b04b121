# Synthetic rewrite of the shape of andrijazz/ash:ash.py at 0528fd21a32fffde6a1ace08465f1d2879f6afd7 (licence MIT); not the original text.
import numpy as np
import torch
import torch.nn.functional as F


def max_prob(logits):
    return F.softmax(logits, dim=1).max(dim=1).values.cpu().numpy()


def free_energy(logits):
    return torch.logsumexp(logits.detach().cpu(), dim=1).numpy()


def score_logits(logits, how):
    table = {"msp": max_prob, "energy": free_energy}
    if how not in table:
        raise ValueError(f"unknown score {how}")
    return table[how](logits)


def _keep_top(x, pct):
    b = x.shape[0]
    flat = x.reshape(b, -1)
    n = flat.shape[1]
    k = n - int(round(n * pct / 100.0))
    vals, idx = flat.topk(k, dim=1)
    return flat, vals, idx


def prune_and_scale(x, pct=65):
    """Zero the smallest activations, then rescale by exp(old_sum / new_sum)."""
    before = x.sum(dim=(1, 2, 3))
    flat, vals, idx = _keep_top(x, pct)
    flat.zero_().scatter_(1, idx, vals)
    after = x.sum(dim=(1, 2, 3))
    return x * torch.exp((before / after)[:, None, None, None])


def prune_and_binarise(x, pct=65):
    total = x.sum(dim=(1, 2, 3))
    flat, vals, idx = _keep_top(x, pct)
    fill = (total / vals.shape[1])[:, None].expand_as(vals)
    flat.zero_().scatter_(1, idx, fill)
    return x


def clip_then_prune(x, cap, pct):
    return prune_and_scale(x.clamp(max=cap), pct)
