# Synthetic rewrite of the shape of vitjuli/Mechanistic-Interpretability-of-Open-Source-LLMs:scripts/84_gating_family_decomposition.py at 7cf3475a3646fd84be6915790a7fdcba81318749 (licence NOASSERTION); not the original text.
"""Do separate prompt groups share one accept/reject direction deep in the model?

For every group we fit a two-way logistic probe on last-token hidden states
and compare the unit probe directions group against group.
"""
import numpy as np
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler

GROUPS = ["alpha", "beta", "gamma", "delta"]
PROBE_LAYER = 30


def fit_unit_direction(feats, targets):
    """Fit a yes/no logistic probe and return its weight vector scaled to unit length."""
    scaled = StandardScaler().fit_transform(feats)
    probe = LogisticRegression(C=0.5, max_iter=3000)
    probe.fit(scaled, targets)
    vec = probe.coef_[0]
    return vec / (np.linalg.norm(vec) + 1e-9)


def direction_similarity_grid(dirs):
    names = list(dirs)
    grid = np.zeros((len(names), len(names)))
    for a, na in enumerate(names):
        for b, nb in enumerate(names):
            grid[a, b] = float(np.dot(dirs[na], dirs[nb]))
    return grid, names


def draw_grid(grid, names, out_png):
    fig, ax = plt.subplots(figsize=(5, 4))
    img = ax.imshow(grid, vmin=-1, vmax=1, cmap="coolwarm")
    ax.set_xticks(range(len(names)), names)
    ax.set_yticks(range(len(names)), names)
    for a in range(len(names)):
        for b in range(len(names)):
            ax.text(b, a, f"{grid[a, b]:.2f}", ha="center", va="center")
    fig.colorbar(img, ax=ax, label="cosine of probe directions")
    ax.set_title(f"Shared gate direction? (layer {PROBE_LAYER})")
    fig.savefig(out_png, dpi=120)
    plt.close(fig)


def run(states_by_group, labels_by_group, out_png="gate_dirs.png"):
    dirs = {}
    for g in GROUPS:
        feats = states_by_group[g][PROBE_LAYER]
        targets = np.array([1 if lab == "accept" else 0 for lab in labels_by_group[g]])
        dirs[g] = fit_unit_direction(feats, targets)
    grid, names = direction_similarity_grid(dirs)
    draw_grid(grid, names, out_png)
    for a, na in enumerate(names):
        print(na, " ".join(f"{nb}={grid[a, b]:+.3f}" for b, nb in enumerate(names)))
    return grid
