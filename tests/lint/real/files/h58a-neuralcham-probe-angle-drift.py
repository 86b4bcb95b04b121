# Synthetic rewrite of the shape of hekatonsure/neuralcham:visuals/probe_angle_drift.py at 58757054bce21523bb1686b21bdc85ce308358b9 (licence NOASSERTION); not the original text.
"""Does the fine-tuned 'chameleon' dodge a concept probe by turning away from it
or by shrinking along it?

Per layer we compare base and fine-tuned hidden states against the (binary) probe
direction: angle to the direction, norm of the state, and the signed projection
the probe actually reads.
"""
import numpy as np
import torch
import torch.nn.functional as F


def probe_axis(probe):
    if hasattr(probe, "linear"):
        return probe.linear.weight.reshape(-1)  # single-logit probe
    if hasattr(probe, "head_weights"):
        return probe.head_weights.sum(0)
    return None


def angle_stats(states, unit_axis, n_tokens):
    h = states[0, :n_tokens]
    cos = F.cosine_similarity(h, unit_axis.unsqueeze(0), dim=-1)
    return {"cos": cos, "norm": h.norm(dim=-1), "proj": h @ unit_axis}


def drift_by_layer(pairs, axis, n_tokens):
    unit = (axis / axis.norm()).cpu()
    layers = sorted(pairs)
    out = {k: np.zeros(len(layers)) for k in
           ("cos_base", "cos_tuned", "norm_base", "norm_tuned", "proj_base", "proj_tuned")}
    for i, layer in enumerate(layers):
        base, tuned = pairs[layer]["base"], pairs[layer]["tuned"]
        u = unit.to(base.device, base.dtype)
        a, b = angle_stats(base, u, n_tokens), angle_stats(tuned, u, n_tokens)
        out["cos_base"][i], out["cos_tuned"][i] = a["cos"].mean().item(), b["cos"].mean().item()
        out["norm_base"][i], out["norm_tuned"][i] = a["norm"].mean().item(), b["norm"].mean().item()
        out["proj_base"][i], out["proj_tuned"][i] = a["proj"].mean().item(), b["proj"].mean().item()
    out["rotation"] = out["cos_base"] - out["cos_tuned"]
    out["compression"] = out["norm_base"] - out["norm_tuned"]
    out["layers"] = np.array(layers)
    return out
