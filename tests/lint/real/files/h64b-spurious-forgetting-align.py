# Synthetic rewrite of the shape of charles-wang888/spurious-forgetting-analysis:metrics/alignment_score.py at 616a662622712142d4f9d7ce355d88fc56359492 (licence NOASSERTION); not the original text.
import numpy as np
import torch
import torch.nn as nn


def find_readout(net, hint="classifier"):
    for name, mod in net.named_modules():
        if hint in name.lower() and isinstance(mod, nn.Linear):
            return mod
    linears = [m for m in net.modules() if isinstance(m, nn.Linear)]
    return linears[-1] if linears else None


def agreement(hidden, readout_w, how="cos"):
    """How well a layer's mean activation lines up with the readout, mapped into [0, 1]."""
    if how == "cos":
        centre_h = hidden.mean(dim=0)
        centre_w = readout_w.mean(dim=0)          # the average of all class rows
        unit_h = centre_h / (centre_h.norm() + 1e-8)
        unit_w = centre_w / (centre_w.norm() + 1e-8)
        score = float(torch.dot(unit_h, unit_w))
        return 0.5 * (score + 1.0)
    if how == "proj":
        centre_h = hidden.mean(dim=0, keepdim=True)
        logits = centre_h @ readout_w.t()
        ratio = logits.norm() / max(float(centre_h.norm()), 1e-8)
        return min(float(ratio), 1.0)
    if how == "pearson":
        a = hidden.mean(dim=0).cpu().numpy()
        b = readout_w.mean(dim=0).cpu().numpy()
        a = a - a.mean()
        b = b - b.mean()
        r = float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b) + 1e-8))
        return 0.5 * (r + 1.0)
    raise ValueError(how)


def per_layer_agreement(net, layer_acts):
    head = find_readout(net)
    if head is None:
        return {}
    w = head.weight.data
    out = {}
    for name, acts in layer_acts.items():
        if acts.dim() == 3:
            acts = acts.mean(dim=1)
        if acts.shape[1] == w.shape[1]:
            out[name] = agreement(acts, w)
    return out
