# Synthetic rewrite of the shape of Trustworthy-ML-Lab/Label-free-CBM:similarity.py at fa2869d46c454f406af69b19d3d5427f2d427492 (licence NOASSERTION); not the original text.
"""Similarity between concept-layer activations and CLIP concept scores over a probing set.

Both inputs are (n_images, n_units): one column per neuron / per CLIP concept.
"""
import math

import torch


def _centre_cube_unit(cols, floor=None):
    cols = cols.float() - cols.float().mean(dim=0, keepdim=True)
    cols = cols ** 3
    length = cols.norm(p=2, dim=0, keepdim=True)
    if floor is not None:
        length = length.clamp(min=floor)
    return cols / length


def paired_cubed_cosine(clip_scores, unit_acts):
    """Column i of one matrix against column i of the other (used as a training signal)."""
    a = _centre_cube_unit(clip_scores)
    b = _centre_cube_unit(unit_acts)
    return (a * b).sum(dim=0)


@torch.no_grad()
def all_pairs_cubed_cosine(clip_scores, unit_acts, device="cuda", chunk=10000, floor=1e-3):
    """Every neuron column against every concept column, in chunks."""
    a = _centre_cube_unit(clip_scores, floor)
    b = _centre_cube_unit(unit_acts, floor)
    blocks = []
    for i in range(math.ceil(b.shape[1] / chunk)):
        rows = b[:, i * chunk:(i + 1) * chunk].to(device).T
        parts = [rows @ a[:, j * chunk:(j + 1) * chunk].to(device)
                 for j in range(math.ceil(a.shape[1] / chunk))]
        blocks.append(torch.cat(parts, dim=1))
    return torch.cat(blocks, dim=0)


@torch.no_grad()
def all_pairs_cosine(clip_scores, unit_acts, device="cuda", chunk=10000):
    a = clip_scores / clip_scores.norm(p=2, dim=0, keepdim=True)
    b = unit_acts / unit_acts.norm(p=2, dim=0, keepdim=True)
    out = []
    for i in range(math.ceil(b.shape[1] / chunk)):
        rows = b[:, i * chunk:(i + 1) * chunk].to(device).T
        out.append(torch.cat([rows @ a[:, j * chunk:(j + 1) * chunk].to(device)
                              for j in range(math.ceil(a.shape[1] / chunk))], dim=1))
    return torch.cat(out, dim=0)
