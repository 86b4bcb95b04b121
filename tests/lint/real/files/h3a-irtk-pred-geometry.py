# cosaudit corpus, synthetic file: same shape as danielpcox/irtk/irtk/prediction_geometry.py at a0561d16ef8ec3163c8ca91b6bf698be857d760b (licence Apache-2.0); new code, no text copied.
"""Geometry of the prediction space of a HookedTransformer."""
import numpy as np
from irtk.hooked_transformer import HookedTransformer


def logit_spread(model: HookedTransformer, logits):
    """entropy and top-1 margin of a logit vector"""
    p = np.exp(logits - logits.max())
    p /= p.sum()
    top = np.sort(logits)[-2:]
    return {"entropy": float(-(p * np.log(p + 1e-12)).sum()), "margin": float(top[1] - top[0])}


def promotion_geometry(model: HookedTransformer, token_ids: list) -> dict:
    """How the output directions of a few tokens sit relative to each other: pairwise cosines of their
    W_U columns, their norms and their mean cosine to the group centroid."""
    w_u = np.asarray(model.unembed.W_U)
    vecs = np.stack([w_u[:, t] for t in token_ids])
    lengths = np.linalg.norm(vecs, axis=1)
    n = len(token_ids)
    grid = np.eye(n)
    for a in range(n):
        for b in range(n):
            if a != b and lengths[a] > 1e-10 and lengths[b] > 1e-10:
                grid[a, b] = vecs[a] @ vecs[b] / (lengths[a] * lengths[b])
    centre = vecs.mean(0)
    to_centre = vecs @ centre / (lengths * np.linalg.norm(centre) + 1e-10)
    off = grid[~np.eye(n, dtype=bool)] if n > 1 else np.zeros(1)
    return {"pairwise": grid, "mean_pairwise": float(off.mean()), "norms": lengths, "centroid_cos": float(to_centre.mean())}
