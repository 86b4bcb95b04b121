# expect: COS301
"""Vectors of scores compared with each other (a regression's predicted logits against the true logit-lens
scores, a cosine over the vocabulary axis) are no cosine of the rows behind them; the logit lens itself
stays quiet. The same product divided by the norms of its own operands is a cosine lens.

Shape seen in public MLP-to-vocabulary code; written for cosaudit's tests."""
import numpy as np
from transformer_lens import HookedTransformer

lm = HookedTransformer.from_pretrained("gpt2")
W_U = lm.W_U.detach()


def fit_quality(mlp_in, pred):
    scores = mlp_in @ W_U
    true = scores.numpy()
    agree = (pred * true).sum(1) / (np.linalg.norm(pred, axis=1) * np.linalg.norm(true, axis=1) + 1e-8)
    return agree.mean()


def fit_quality_named(mlp_in, pred):
    scores = mlp_in @ W_U
    true = scores.numpy()
    true_len = np.linalg.norm(true, axis=1)
    return ((pred * true).sum(1) / (np.linalg.norm(pred, axis=1) * true_len)).mean()


def lens(h):
    return (h @ W_U) / (h.norm() * W_U.norm(dim=0))  # expect: COS120
