# Synthetic rewrite of the shape of kameronton/sudoku-residual:scripts/probe_weight_similarity.py at 9ac8ba93af15212d44d783dd435d8b89b6b90fee (licence NOASSERTION); not the original text.
"""Do binary candidate probes rotate together between two solving steps?"""
import numpy as np
from sklearn.linear_model import LogisticRegression


def plane_rotation(u, v):
    u_hat, v_hat = u / np.linalg.norm(u), v / np.linalg.norm(v)
    c = float(np.clip(u_hat @ v_hat, -1, 1))
    perp = v_hat - c * u_hat
    s = float(np.linalg.norm(perp))
    return u_hat, (perp / s if s > 1e-12 else u_hat), c, s


def rotate(e1, e2, c, s, x):
    a, b = e1 @ x, e2 @ x
    return x + (c - 1) * (a * e1 + b * e2) + s * (a * e2 - b * e1)


def fit_probes(Xa, Ya, Xb, Yb):
    """One sigmoid probe per (cell, digit) at each step; cosine between the two fits."""
    weights_a, weights_b, cos_raw = {}, {}, {}
    for (cell, d) in Ya:
        wa = LogisticRegression(max_iter=1000).fit(Xa[cell], Ya[(cell, d)]).coef_[0]
        wb = LogisticRegression(max_iter=1000).fit(Xb[cell], Yb[(cell, d)]).coef_[0]
        weights_a[(cell, d)], weights_b[(cell, d)] = wa, wb
        cos_raw[(cell, d)] = (wa @ wb) / (np.linalg.norm(wa) * np.linalg.norm(wb))
    return weights_a, weights_b, cos_raw


def transfer_gain(weights_a, weights_b, cos_raw, ref, other):
    e1, e2, c, s = plane_rotation(weights_b[ref], weights_a[ref])
    wb_rot = rotate(e1, e2, c, s, weights_b[other])
    wa = weights_a[other]
    after = (wa @ wb_rot) / (np.linalg.norm(wa) * np.linalg.norm(wb_rot))
    return after - cos_raw[other]
