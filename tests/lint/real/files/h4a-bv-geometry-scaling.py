# cosaudit corpus, synthetic file: same shape as barathvelmu/subliminal-learning/scaling/analyze_geometry_scaling.py at 353a9aaa89bfebc05274f17fd5d1e7a45c1a4e49 (licence NOASSERTION); new code, no text copied.
"""Does unembedding geometry predict which numbers an animal prompt boosts?  Reads saved probe artifacts."""
import argparse
import json

import numpy as np
from scipy import stats

SCORES = ("raw_cos", "cen_cos", "raw_dot", "cen_dot")


def fdr(p):
    p = np.asarray(p, dtype=float)
    order = np.argsort(p)
    adj = p[order] * len(p) / np.arange(1, len(p) + 1)
    adj = np.minimum.accumulate(adj[::-1])[::-1]
    out = np.empty_like(adj)
    out[order] = np.minimum(adj, 1.0)
    return out


def row_cosines(a, b):
    top = a @ b.T
    return top / (np.linalg.norm(a, axis=1)[:, None] * np.linalg.norm(b, axis=1)[None, :])


def geometry(art, first_only=False):
    numbers = art["number_rows"].astype(np.float64)      # lm_head rows of the number tokens
    mean_row = art["head_mean"].astype(np.float64)       # mean lm_head row over the vocabulary
    sub = art["animal_subtoken_rows"].astype(np.float64)
    keep = art["subtoken_mask"]
    if first_only:
        animals = sub[:, 0]
    else:
        animals = np.stack([sub[i, keep[i]].mean(0) for i in range(len(keep))])
    return {
        "raw_cos": row_cosines(animals, numbers),
        "cen_cos": row_cosines(animals - mean_row, numbers - mean_row),
        "raw_dot": animals @ numbers.T,
        "cen_dot": (animals - mean_row) @ (numbers - mean_row).T,
    }


def summarise(art):
    behaviour = art["animal_to_number_logp"]
    report = {}
    for first_only in (False, True):
        g = geometry(art, first_only)
        for name in SCORES:
            rs, ps = zip(*(stats.pearsonr(x, y) for x, y in zip(g[name], behaviour)))
            q = fdr(ps)
            report[f"{name}/{'first' if first_only else 'mean'}"] = {
                "mean_r": float(np.mean(rs)), "n_sig": int(np.sum((np.array(rs) > 0) & (q < 0.05)))}
    return report


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("artifact")
    args = ap.parse_args()
    with np.load(args.artifact) as f:
        art = {k: f[k] for k in f.files}
    print(json.dumps(summarise(art), indent=2))
