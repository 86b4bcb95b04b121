# Synthetic rewrite of the shape of Cypherspec/aime-embedding-geometry:embedding_geometry.py at a1e42b3d7f71b4c9713e508e17cff9cc3d0c0f26 (licence NOASSERTION); not the original text.
"""Information geometry induced by a fitted multinomial-logistic head on an embedding space."""
import numpy as np


def _probs(logits):
    shifted = logits - logits.max(axis=1, keepdims=True)
    ex = np.exp(shifted)
    return ex / ex.sum(axis=1, keepdims=True)


def fisher_metric(points, coef, intercept):
    """Per-point Fisher matrix of the head: coef^T diag(p) coef - (coef^T p)(coef^T p)^T.

    coef is (num_classes, dim) as returned by LogisticRegression.coef_.
    """
    W = coef
    probs = _probs(points @ W.T + intercept)
    out = np.empty((len(points), W.shape[1], W.shape[1]))
    for i, p in enumerate(probs):
        mean_row = W.T @ p
        out[i] = W.T @ (p[:, None] * W) - np.outer(mean_row, mean_row)
    return out


def fisher_path_length(a, b, coef, intercept, steps=64):
    """Length of the straight segment a->b measured in the Fisher metric."""
    delta = b - a
    speeds = []
    for t in np.linspace(0.0, 1.0, steps):
        g = fisher_metric(((1 - t) * a + t * b)[None], coef, intercept)[0]
        speeds.append(np.sqrt(max(delta @ g @ delta, 0.0)))
    return float(np.trapz(speeds, np.linspace(0.0, 1.0, steps)))


def fisher_summary(emb, coef, intercept, n_points=20, seed=0):
    rng = np.random.default_rng(seed)
    pick = rng.choice(len(emb), size=min(n_points, len(emb)), replace=False)
    traces = [np.trace(g) for g in fisher_metric(emb[pick], coef, intercept)]
    return {"mean_trace": float(np.mean(traces)), "std_trace": float(np.std(traces))}
