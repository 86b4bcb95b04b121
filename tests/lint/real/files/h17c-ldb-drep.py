# cosaudit corpus, synthetic file: same shape as bemigini/logit-distance-bounds-rep-sim/dissimilarities/representation_dissimilarity.py at f4ece7c6a2b9d6cd993acb479cf4bd2edafdaee7 (licence GPL-3.0); new code, no text copied.
"""Approximate linear-identifiability dissimilarity between two classifiers (student vs teacher)."""
import numpy as np
import torch


def d_rep(f1, f2, g1, g2, n_pivots=100, n_draws=200, seed=0):
    """f*: embeddings (n, d); g*: unembeddings, one row per label (k, d)."""
    rng = np.random.default_rng(seed)
    k, d = g1.shape
    idx = torch.arange(k)
    pivots = rng.choice(k, n_pivots, replace=False)
    c1 = g1 - g1.mean(dim=0)
    c2 = g2 - g2.mean(dim=0)
    terms = []
    for p in pivots:
        rest1, rest2 = c1[idx != p], c2[idx != p]
        for _ in range(n_draws):
            pick = rng.choice(k - 1, d, replace=False)
            B1 = rest1[pick] - c1[p]
            B2 = rest2[pick] - c2[p]
            A = torch.linalg.inv(B1) @ B2
            err = ((f1 - (A @ f2.unsqueeze(2)).squeeze()) ** 2).sum(dim=1)
            terms.append(err.sum() / (f1.shape[0] * n_pivots * n_draws))
    return torch.stack(terms).mean()


def unembeddings(model):
    return model.linear.weight.detach().clone()


def d_rep_models(student, teacher, student_emb, teacher_emb, **kw):
    return d_rep(student_emb, teacher_emb, unembeddings(student), unembeddings(teacher), **kw)
