# cosaudit corpus, synthetic file: same shape as CrispyHarder/MasterThesis/util/models/classifiers/parameter_comparison.py at 6b51dde38e47de698aeea45f414b9c23ebb7d24f (licence NOASSERTION); new code, no text copied.
"""Compare trained classifiers with each other: parameter cosine, prediction disagreement, t-SNE of models."""
import numpy as np
import torch
import torch.nn.functional as F
from sklearn.manifold import TSNE


def pairwise_matrix(models, fn):
    n = len(models)
    out = np.zeros((n, n))
    for i in range(n):
        for j in range(i + 1):
            out[i, j] = out[j, i] = fn(models[i], models[j])
    return out


def flat_params(model):
    return torch.cat([p.detach().flatten() for p in model.parameters()])


def param_cosine(a, b):
    """cosine between the full flattened parameter vectors of two networks"""
    return F.cosine_similarity(flat_params(a), flat_params(b), dim=0).item()


def disagreement(pred_a, pred_b):
    return (pred_a.argmax(1) != pred_b.argmax(1)).float().mean().item()


def models_tsne(models, seed=0):
    X = torch.stack([flat_params(m) for m in models]).cpu().numpy()
    return TSNE(n_components=2, perplexity=min(5, len(models) - 1), random_state=seed).fit_transform(X)
