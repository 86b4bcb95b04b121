# Synthetic rewrite of the shape of fdenoodt/Smooth-InfoMax:post_hoc_analysis/interpretability/main_vowel_classifier_analysis.py at e472aab6e16d4ca1a0d3f37afe086729107a5a1e (licence MIT); not the original text.
"""Inspect the bias-free linear probe that maps latent dims to three vowels.

The probe rows are rescaled one by one, stored, and drawn as an annotated
grid; a second helper sweeps two latent dims and paints the softmax output.
"""
import matplotlib.pyplot as plt
import numpy as np
import torch

VOWELS = ["a", "i", "u"]


def per_row_unit_range(mat):
    """Map every row linearly onto [-1, 1]."""
    lo = mat.min(axis=1, keepdims=True)
    hi = mat.max(axis=1, keepdims=True)
    return 2.0 * (mat - lo) / (hi - lo) - 1.0


def draw_grid(mat, out_png, first_dim=1):
    fig, ax = plt.subplots(figsize=(18, 10))
    ax.imshow(mat, cmap="binary")
    ax.set_yticks(range(len(VOWELS)), VOWELS)
    ax.set_xticks(range(mat.shape[1]), np.arange(mat.shape[1]) + first_dim)
    for r in range(mat.shape[0]):
        for c in range(mat.shape[1]):
            ax.text(c, r, f"{mat[r, c]:.2f}", ha="center", va="center")
    ax.set_xlabel("latent dimension")
    ax.set_ylabel("vowel")
    fig.savefig(out_png)


def sweep_two_dims(probe, n_feat, d1, d2, steps=100, lim=3.0):
    grid = np.linspace(-lim, lim, steps)
    img = np.zeros((steps, steps, len(VOWELS)))
    z = torch.zeros(1, n_feat)
    for i, a in enumerate(grid):
        for j, b in enumerate(grid):
            z[0, d1], z[0, d2] = a, b
            img[i, j] = torch.softmax(probe(z), dim=1)[0].detach().numpy()
    return img


def main(probe: torch.nn.Linear, out_dir: str):
    params = list(probe.parameters())
    assert len(params) == 1, "expects a probe without bias"
    rows = params[0].detach().cpu().numpy()          # (n_vowels, n_feat)
    rows = per_row_unit_range(rows)                  # each vowel row on its own scale
    np.save(f"{out_dir}/vowel_probe_rows.npy", rows.T)
    for start in range(0, rows.shape[1], 32):
        draw_grid(rows[:, start:start + 32], f"{out_dir}/rows_{start}.png", start + 1)
    plt.imshow(sweep_two_dims(probe, rows.shape[1], 0, 1))
    plt.savefig(f"{out_dir}/label_space.png")
