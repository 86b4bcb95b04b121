# cosaudit corpus, synthetic file: same shape as jydzhao/neural_collapse_optimizer/neural_collapse/measure.py at 7cab4a59bc28da6e356cee1e793ec67a694933b9 (licence MIT); new code, no text copied.
import torch as pt
from torch import Tensor


def equiangularity_error(W: Tensor) -> float:
    """Mean absolute deviation of the pairwise cosines of the classifier rows from -1/(K-1)."""
    eps = 1e-9
    K, _ = W.shape
    W_dot = W.T / (pt.linalg.norm(W, axis=1) + eps)
    G = W_dot.T @ W_dot + 1 / (K - 1)
    error = G - pt.diag(pt.diag(G))
    return (pt.sum(pt.abs(error)) / (K * (K - 1))).item()


def equiangular_W_error(W: Tensor) -> float:
    K, _ = W.shape
    unit = W / pt.linalg.norm(W, axis=1, keepdim=True)
    cos = unit @ unit.T
    off = cos[~pt.eye(K, dtype=pt.bool)]
    return off.std().item()
