# cosaudit corpus, synthetic file: same shape as Hypogenic-AI/mlp-token-mapping-claude/src/experiment.py at e1963bc2460d29927ac367a36df2935650fb4db4 (licence NOASSERTION); new code, no text copied.
"""Can an MLP layer be read as a token-in, token-out program? Project its input and output to the vocabulary."""

import numpy as np
from sklearn.linear_model import Ridge
from transformer_lens import HookedTransformer

lm = HookedTransformer.from_pretrained("gpt2")
W_U = lm.W_U.detach()                                  # (d_model, vocab)
W_U_unit = W_U / W_U.norm(dim=0, keepdim=True)         # unit columns (defined, never used below)


def to_vocab(acts, W_U):
    """token scores of residual-sized vectors"""
    return acts @ W_U


def shallow_program(mlp_in, mlp_out, k=100):
    x = to_vocab(mlp_in, W_U)
    y = to_vocab(mlp_out, W_U)
    top_in = x.abs().mean(0).topk(k).indices
    top_out = y.abs().mean(0).topk(k).indices
    X, Y = x[:, top_in].numpy(), y[:, top_out].numpy()
    cut = int(0.7 * len(X))
    fit = Ridge(alpha=1.0).fit(X[:cut], Y[:cut])
    pred, true = fit.predict(X[cut:]), Y[cut:]
    cos = (pred * true).sum(1) / (np.linalg.norm(pred, axis=1) * np.linalg.norm(true, axis=1) + 1e-8)
    return fit.score(X[cut:], true), cos.mean()
