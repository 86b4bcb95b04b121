# cosaudit corpus, synthetic file: same shape as praxagent/jacobian-lens-research-202607a/projects/jacobian-lens-and-identifiability/experiments/jspace_atlas/subspace_decode.py at cca44144f4166c4b850b6c6aa16edd702db7ebfb (licence NOASSERTION); new code, no text copied.
"""Read the flat readout subspace in tokens: is the per-layer logit vector the same at every layer?

If it is (cross-layer cosine near one), the invariant readout is a property of the unembedding, not of
the layer."""
import numpy as np


def decode(U, basis_by_layer, w, k=15):
    """U: (vocab, d) unembedding (tied); basis_by_layer: layer -> (d, r); w: (r,) weights"""
    logits = np.stack([U @ (b @ w) for _, b in sorted(basis_by_layer.items())])    # (layers, vocab)
    unit = logits / (np.linalg.norm(logits, axis=1, keepdims=True) + 1e-12)
    cross = unit @ unit.T
    n = len(unit)
    cross_cos = float(cross[np.triu_indices(n, 1)].mean())
    mean_logit = logits.mean(0)
    top = np.argsort(-mean_logit)[:k]
    return {"cross_layer_cosine": round(cross_cos, 4), "top_tokens": top.tolist()}


def prior_alignment(mean_logit, log_unigram):
    a = mean_logit - mean_logit.mean()
    b = log_unigram - log_unigram.mean()
    return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b) + 1e-12))
