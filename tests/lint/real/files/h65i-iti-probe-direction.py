# Synthetic rewrite of the shape of likenneth/honest_llama:utils.py at 2c6b2179be7b5aa8f0a171688cf9e01b812ca327 (licence MIT); not the original text.
"""Inference-time intervention: one true/false logistic probe per attention head, the
most accurate heads are selected, and each selected probe's unit weight vector becomes a
shift direction whose size is set by the spread of activations projected on it.
"""
import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score


def flat(layer, head, n_heads):
    return layer * n_heads + head


def unflat(i, n_heads):
    return divmod(i, n_heads)


def fit_head_probes(X_tr, y_tr, X_va, y_va, n_layers, n_heads, seed=0):
    probes, accs = [], []
    for layer in range(n_layers):
        for head in range(n_heads):
            clf = LogisticRegression(random_state=seed, max_iter=1000)
            clf.fit(X_tr[:, layer, head, :], y_tr)
            accs.append(accuracy_score(y_va, clf.predict(X_va[:, layer, head, :])))
            probes.append(clf)
    return probes, np.array(accs).reshape(n_layers, n_heads)


def pick_heads(accs, k):
    n_heads = accs.shape[1]
    order = np.argsort(accs.ravel())[::-1][:k]
    return [unflat(i, n_heads) for i in order]


def build_shifts(chosen, probes, acts, n_heads, mass_mean_dirs=None, random_dir=False):
    shifts = {}
    for layer, head in chosen:
        if mass_mean_dirs is not None:
            d = mass_mean_dirs[flat(layer, head, n_heads)]
        elif random_dir:
            d = np.random.normal(size=(acts.shape[-1],))
        else:
            d = probes[flat(layer, head, n_heads)].coef_
        d = d / np.linalg.norm(d)
        spread = np.std(acts[:, layer, head, :] @ d.T)
        shifts.setdefault(f"layers.{layer}.attn.head_out", []).append((head, d.squeeze(), spread))
    for key in shifts:
        shifts[key].sort(key=lambda t: t[0])
    return shifts
