# cosaudit corpus, synthetic file: same shape as cheeetoo/tiny-jlens/v2/c4_generalization/swaps.py at 804eab8fe80ee6c6fb2295476fced2324401688a (licence NOASSERTION); new code, no text copied.
"""Concept swaps along lens directions, and how strongly the residual stream is loaded on a concept.

    h <- h + alpha * <v_src, h> * (v_dst - v_src)      (v_src, v_dst: unit, mean-centred lens vectors)
"""
import torch


def unit(v):
    return v / v.norm().clamp_min(1e-12)


def swap_hooks(lens, layers, src, dst, alpha=1.0):
    def make(layer):
        a, b = unit(lens.vector(layer, src)), unit(lens.vector(layer, dst))

        def hook(h, **_):
            return h + alpha * (h @ a)[..., None] * (b - a)
        return hook
    return {layer: make(layer) for layer in layers}


def loading(lens, clean, layers, positions, token):
    """mean over layers and positions of cos(residual, centred lens vector of `token`)"""
    vals = []
    for layer in layers:
        v = unit(lens.vector(layer, token))
        for p in positions:
            vals.append(float(unit(clean[layer][p]) @ v))
    return sum(vals) / len(vals)
