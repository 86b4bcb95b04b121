# Synthetic rewrite of the shape of Junst/topo-music:scripts/11_probe_weight_from_cache.py at 052a4a63298814152701f98b1d9da5550d57ac6b (licence NOASSERTION); not the original text.
"""Refit the 24-way key probe on cached clip embeddings and compare the geometry of its
class weight vectors with music-theoretic key distances."""
import sys

import numpy as np
from scipy.stats import spearmanr
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler


def circle_of_fifths_distance(keys):
    tonic = (keys // 2) * 7 % 12
    d = np.abs(tonic[:, None] - tonic[None, :]) % 12
    return np.minimum(d, 12 - d)


def weight_geometry(Z, y, keys, n_perm=1000, seed=0):
    probe = make_pipeline(StandardScaler(), LogisticRegression(max_iter=3000))
    probe.fit(Z, y)
    W = probe[-1].coef_                      # one row per key class
    Wn = W / (np.linalg.norm(W, axis=1, keepdims=True) + 1e-12)
    upper = np.triu_indices(len(keys), 1)
    dist_w = (1.0 - Wn @ Wn.T)[upper]
    ref = circle_of_fifths_distance(keys)[upper]
    rho = spearmanr(ref, dist_w).statistic
    rng = np.random.default_rng(seed)
    null = []
    for _ in range(n_perm):
        pi = rng.permutation(len(keys))
        null.append(spearmanr(ref, (1.0 - Wn[pi] @ Wn[pi].T)[upper]).statistic)
    null = np.asarray(null)
    return rho, (rho - null.mean()) / (null.std() + 1e-12)


if __name__ == "__main__":
    cache = np.load(sys.argv[1])
    rho, z = weight_geometry(cache["Z"], cache["Y"], cache["keys"])
    print(f"probe-weight vs fifths: rho={rho:+.3f}  z={z:+.1f}")
