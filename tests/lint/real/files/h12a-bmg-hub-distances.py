# cosaudit corpus, synthetic file: same shape as bemigini/hubs-are-frequent-tokens/src/hubness/hubs_from_neighb.py at cb377f1fba00027d0fad96d7afc815d76b0650d9 (licence GPL-3.0-only); new code, no text copied.
"""Neighbourhoods and k-occurrence hubs for a set of vectors (token unembeddings or contexts)."""
import enum

import numpy as np
import torch


class Measure(enum.Enum):
    L2 = "euclidean"
    UNIT_L2 = "norm_euclidean"
    SOFTMAX_DOT = "softmax_dot"


def pairwise_l2(a: torch.Tensor, b: torch.Tensor, drop_self: bool) -> torch.Tensor:
    d = torch.cdist(a, b)
    if drop_self:
        d.fill_diagonal_(float("inf"))
    return d


def softmax_of_dots(rows: torch.Tensor, chunk: int = 256) -> torch.Tensor:
    out = torch.empty(rows.shape[0], rows.shape[0])
    for start in range(0, rows.shape[0], chunk):
        block = rows[start:start + chunk] @ rows.T
        out[start:start + chunk] = torch.softmax(block, dim=1).cpu()
    return out


def distances(measure: Measure, vectors: np.ndarray, drop_self: bool, device: str) -> np.ndarray:
    rows = torch.from_numpy(vectors).to(device)
    if measure is Measure.L2:
        d = pairwise_l2(rows, rows, drop_self)
    elif measure is Measure.UNIT_L2:
        lengths = rows.norm(dim=1, keepdim=True)
        unit_rows = rows / lengths
        d = pairwise_l2(unit_rows, unit_rows, drop_self)
    elif measure is Measure.SOFTMAX_DOT:
        d = 1 - softmax_of_dots(rows)
    else:
        raise ValueError(measure)
    return d.detach().cpu().numpy()


def k_occurrence(dist: np.ndarray, k: int) -> np.ndarray:
    nearest = np.argsort(dist, axis=1)[:, :k]
    return np.bincount(nearest.ravel(), minlength=dist.shape[0])


def hubs(measure: Measure, unembedding: np.ndarray, k: int = 10, min_count: int = 100, device: str = "cpu"):
    counts = k_occurrence(distances(measure, unembedding, drop_self=True, device=device), k)
    idx = np.nonzero(counts >= min_count)[0]
    return idx[np.argsort(-counts[idx])], counts
