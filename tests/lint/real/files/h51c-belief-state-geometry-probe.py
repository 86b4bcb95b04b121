# Synthetic rewrite of the shape of LGOICOUR/belief-state-geometry:src/probe.py at 67910c4c653d06e4bd759cf5a5be69460e3e0736 (licence NOASSERTION); not the original text.
"""Linear read-out of hidden-state beliefs from cached residual activations."""
import numpy as np
import torch
from sklearn.linear_model import LinearRegression, Ridge
from sklearn.metrics import r2_score


def collect_resid(model, tokens, hook="resid_post", chunk=2048):
    wanted = {f"blocks.{i}.hook_{hook}" for i in range(model.cfg.n_layers)}
    store = {i: [] for i in range(model.cfg.n_layers)}
    with torch.no_grad():
        for s in range(0, tokens.shape[0], chunk):
            _, cache = model.run_with_cache(tokens[s:s + chunk],
                                            names_filter=lambda n: n in wanted,
                                            return_type=None)
            for i in store:
                act = cache[f"blocks.{i}.hook_{hook}"]
                store[i].append(act.reshape(-1, act.shape[-1]).cpu().numpy())
    return {i: np.concatenate(v) for i, v in store.items()}


def fit_and_score(X_tr, Y_tr, X_te, Y_te, ridge=0.0):
    est = LinearRegression() if ridge == 0.0 else Ridge(alpha=ridge)
    est.fit(X_tr, Y_tr)
    guess = est.predict(X_te)
    return est, r2_score(Y_te, guess), r2_score(Y_te, guess, multioutput="raw_values")


def per_layer_r2(model, train_tokens, train_beliefs, test_tokens, test_beliefs):
    A, B = collect_resid(model, train_tokens), collect_resid(model, test_tokens)
    ytr = train_beliefs.reshape(-1, train_beliefs.shape[-1])
    yte = test_beliefs.reshape(-1, test_beliefs.shape[-1])
    return {i: fit_and_score(A[i], ytr, B[i], yte)[1] for i in A}
