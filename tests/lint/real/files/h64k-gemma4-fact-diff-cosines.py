# Synthetic rewrite of the shape of benjismith/gemma4-mlx-interp:experiments/step_11_centroid_and_arithmetic.py at 6f91325de929cc26eb643638113ff7f6ffaabb67 (licence NOASSERTION); not the original text.
"""Class centroids of residual 'fact vectors', read through the output table, and
the geometry of differences between facts of one category."""
import numpy as np

GROUPS = ("capital", "element", "author", "landmark", "opposite")
DEPTHS = [14, 24, 31, 40]


def angle_cos(u: np.ndarray, w: np.ndarray) -> float:
    return float(u @ w / (np.linalg.norm(u) * np.linalg.norm(w) + 1e-12))


def run(lm, prompts, decode_centroid, residuals_at):
    kinds = np.array([p.category for p in prompts])
    per_depth = residuals_at(lm, prompts, DEPTHS)

    # (1) what does each category centroid decode to through the output projection?
    for depth in DEPTHS:
        acts = per_depth[depth]
        grand = acts.mean(axis=0)
        for g in GROUPS:
            members = acts[kinds == g]
            if len(members) == 0:
                continue
            plain = decode_centroid(lm, members, k=5, subtract_mean=False)
            shifted = decode_centroid(lm, members, k=5, subtract_mean=True, grand_mean=grand)
            print(depth, g, plain, shifted)

    # (2) do pairwise differences inside a category share a direction?
    for depth in DEPTHS:
        acts = per_depth[depth]
        for g in GROUPS:
            idx = np.flatnonzero(kinds == g)
            gaps = [acts[a] - acts[b] for n, a in enumerate(idx) for b in idx[n + 1:]]
            scores = [angle_cos(gaps[s], gaps[t])
                      for s in range(len(gaps)) for t in range(s + 1, len(gaps))]
            if scores:
                print(depth, g, "mean cos between differences", np.mean(scores))
