# Synthetic rewrite of the shape of shirashko/uncertainty-sources-in-llms:src/subspaces_analysis/probe.py at b99967624b40684477a55d3d57dde6d940400958 (licence NOASSERTION); not the original text.
import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.metrics.pairwise import cosine_similarity


def fit_probes(acts, labels_detect, labels_kind):
    """Two separate binary probes on the same null-space activations."""
    detect = LogisticRegression(max_iter=500, class_weight="balanced").fit(acts, labels_detect)
    kind = LogisticRegression(max_iter=500, class_weight="balanced").fit(acts, labels_kind)
    return detect, kind


def probe_axis_overlap(detect, kind, layer):
    w_detect, w_type = detect.coef_, kind.coef_              # one weight row per binary probe
    similarity = round(cosine_similarity(w_detect, w_type)[0][0], 4)
    if abs(similarity) < 0.2:
        verdict = "orthogonal"
    elif abs(similarity) > 0.7:
        verdict = "shared axis"
    else:
        verdict = "partial"
    return {"layer": layer, "cos": similarity, "geometry": verdict}


if __name__ == "__main__":
    rng = np.random.default_rng(0)
    X = rng.normal(size=(300, 64))
    d, k = fit_probes(X, rng.integers(0, 2, 300), rng.integers(0, 2, 300))
    print(probe_axis_overlap(d, k, layer=8))
