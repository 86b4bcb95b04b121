# Synthetic rewrite of the shape of aadityasingh/icl-dynamics:visualize_runs.py at 47eba1da8e295af24b10a55de603f5e28db07ed0 (licence NOASSERTION); not the original text.
"""Colour training-curve lines by how alike the two context exemplars are; track unembedding biases."""
import jax.numpy as jnp
import matplotlib.colors as mcolors
import matplotlib.pyplot as plt
import numpy as np

unit_rows = lambda m: m / np.linalg.norm(m, axis=1, keepdims=True)


def colours_for(mode, batch):
    out = dict(sm=None, widths=[], num_columns=0, labels=None)
    n = batch["correct_ind"].shape[0]
    if mode == "default":
        out["colors"] = np.tile(np.array([0.0, 0.0, 1.0, 1.0]), (n, 1))
    elif mode == "similarity":
        # cosine between the two exemplar embeddings shown in each sequence
        sims = np.sum(unit_rows(batch["examples"][:, 0, :]) * unit_rows(batch["examples"][:, 1, :]), axis=1)
        scale = mcolors.Normalize(vmin=sims.min(), vmax=sims.max())
        out["colors"] = plt.cm.viridis(scale(sims))
        out["sm"] = plt.cm.ScalarMappable(cmap=plt.cm.viridis, norm=scale)
        out["widths"], out["num_columns"] = [0.1], 1
    else:
        raise ValueError(mode)
    return out


def record_bias(log, step, model):
    log.setdefault("iters", []).append(step)
    log.setdefault("output_bias", []).append(model.unembed.bias)


def plot_bias(log, path):
    history = jnp.stack(log["output_bias"], axis=1)
    fig, ax = plt.subplots(figsize=(10, 5))
    for label, curve in enumerate(history):
        ax.plot(log["iters"], curve, label=str(label))
    ax.legend()
    fig.suptitle("Output-layer biases during training")
    fig.savefig(path)
    plt.close(fig)
