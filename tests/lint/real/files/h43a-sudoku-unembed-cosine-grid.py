# Synthetic rewrite of the shape of kameronton/sudoku-residual:plots/scripts/fig_unembed_similarity.py at 1e62634ffe709641570bff98392bf117dd115d12 (licence NOASSERTION); not the original text.
"""Heatmap: how alike are the output-head vectors of the 729 'place digit d in cell c' tokens?"""
import numpy as np
import matplotlib.pyplot as plt

from sudoku.activations import load_checkpoint

N_PLACE = 729


def head_similarity(ckpt_dir):
    params, _ = load_checkpoint(ckpt_dir)
    W = np.asarray(params["lm_head"]["kernel"])     # (d_model, vocab) in flax layout
    cols = W[:, :N_PLACE]                           # one column per placement token
    W_norm = cols / (np.linalg.norm(cols, axis=0, keepdims=True) + 1e-9)
    return W_norm.T @ W_norm                    # (729, 729) cosine matrix


def group_means(sim):
    t = np.arange(N_PLACE)
    row, col, digit = t // 81, (t % 81) // 9, t % 9
    off = ~np.eye(N_PLACE, dtype=bool)
    for name, lab in [("row", row), ("col", col), ("digit", digit)]:
        same = (lab[:, None] == lab[None, :]) & off
        print(f"same {name}: {sim[same].mean():.3f}   different {name}: {sim[~same & off].mean():.3f}")


if __name__ == "__main__":
    sim = head_similarity("results/3M-backtracking-packing/checkpoint")
    plt.imshow(sim, vmin=-1, vmax=1, cmap="RdBu_r")
    plt.colorbar(label="Cosine similarity")
    plt.savefig("plots/figures/unembed_similarity.pdf")
    group_means(sim)
