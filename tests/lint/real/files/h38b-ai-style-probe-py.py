# Synthetic rewrite of the shape of Hypogenic-AI/sounds-like-ai-claude:src/experiment_qwen.py at 373301a1cf21269f0d2ac4694c77325cf065ef52 (licence NOASSERTION); not the original text.
"""Per-layer 'machine-written style' direction: mean difference vs. a binary logistic probe."""
import numpy as np
import torch
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_score

SEED = 7


def mean_gap_directions(acts_a, acts_b):
    # acts_*: (n_texts, n_layers, d_model) last-token residuals
    gaps = acts_b.mean(0) - acts_a.mean(0)
    return gaps / gaps.norm(dim=-1, keepdim=True)


def probe_layers(acts_a, acts_b, dirs):
    n = acts_a.shape[0]
    rows = []
    for layer in range(acts_a.shape[1]):
        X = torch.cat([acts_a[:, layer], acts_b[:, layer]]).numpy()
        y = np.r_[np.zeros(n), np.ones(n)]
        clf = LogisticRegression(max_iter=2000, random_state=SEED)
        acc = cross_val_score(clf, X, y, cv=StratifiedKFold(5, shuffle=True, random_state=SEED)).mean()
        clf.fit(X, y)
        # how well the probe's weight vector agrees with the mean-gap direction
        lr_dir = clf.coef_[0] / np.linalg.norm(clf.coef_[0])
        agree = float(np.dot(lr_dir, dirs[layer].numpy()))
        rows.append({"layer": layer, "probe_acc": acc, "probe_vs_gap_cos": agree})
    return rows


def layer_by_layer(dirs):
    return dirs @ dirs.T  # unit rows, so this is the cosine table across layers


if __name__ == "__main__":
    rng = torch.Generator().manual_seed(SEED)
    human = torch.randn(64, 6, 32, generator=rng)
    machine = torch.randn(64, 6, 32, generator=rng) + 0.3
    d = mean_gap_directions(human, machine)
    for r in probe_layers(human, machine, d):
        print(r)
    print(layer_by_layer(d))
