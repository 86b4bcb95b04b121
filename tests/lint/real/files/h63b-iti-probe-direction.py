# Synthetic rewrite of the shape of magikarp01/iti_capstone:utils/iti_utils.py at 725d3d7f30bc38e550e262fc81c27c73aad71a00 (licence NOASSERTION); not the original text.
"""Inference-time nudging of attention heads along a "truth" axis.

The axis is either the gap between the class means of true and false
statements, or the weight vector of a per-head two-class logistic probe.
"""
import torch
from torch.nn.functional import normalize


def spread_along(head_acts, axis):
    """Standard deviation of one head's outputs projected on a unit axis."""
    axis = normalize(axis, dim=-1)
    scores = head_acts @ axis  # (batch,)
    return scores.std(dim=0)


def mean_gap_axis(head_acts, is_true):
    pos = head_acts[is_true == 1].mean(dim=0)
    neg = head_acts[is_true == 0].mean(dim=0)
    return normalize(pos - neg, dim=-1)


def probe_axis(binary_probe, device="cpu"):
    # sklearn LogisticRegression fitted on true/false: coef_ has a single row
    w = torch.as_tensor(binary_probe.coef_, dtype=torch.float32, device=device).reshape(-1)
    return normalize(w, dim=-1)


def shift_for_head(head_acts, mode="probe", is_true=None, binary_probe=None, device="cpu"):
    if mode == "mean_gap":
        axis = mean_gap_axis(head_acts, is_true)
    else:
        axis = probe_axis(binary_probe, device=device)
    return spread_along(head_acts, axis) * axis


def add_to_head(z, hook, head_idx, delta):
    z[:, -1, head_idx] += delta


def install_shifts(model, chosen, acts, strength=15.0, probes=None, is_true=None,
                   mode="probe", device="cpu"):
    n_heads = model.cfg.n_heads
    for layer in range(chosen.shape[0]):
        for head in range(chosen.shape[1]):
            if not chosen[layer, head]:
                continue
            probe = probes[layer * n_heads + head] if probes is not None else None
            delta = strength * shift_for_head(acts[:, layer, head], mode=mode,
                                              is_true=is_true, binary_probe=probe,
                                              device=device)
            model.add_hook(f"blocks.{layer}.attn.hook_z",
                           lambda z, hook, h=head, d=delta: add_to_head(z, hook, h, d))
