# Synthetic rewrite of the shape of LucasPrietoAl/correlations-feature-geometry:text_bows/plots.py at d45878ef91b30e27b38a92f47a99beae40a9992a (licence NOASSERTION); not the original text.
import numpy as np
import torch
import matplotlib.pyplot as plt
from sklearn.decomposition import PCA


def word_vectors(ckpt_path):
    """Per-word vectors of a tied bag-of-words autoencoder (MSE or sigmoid-BCE reconstruction).
    The same matrix encodes the input and, transposed, decodes the output."""
    state = torch.load(ckpt_path, map_location="cpu")
    state = state.get("model_state", state)
    return state["enc.weight"].detach().cpu().numpy().T  # [vocab, hidden]


def month_wheel_from_weights(ckpt_path, month_ids, month_labels, out_png):
    W = word_vectors(ckpt_path)
    rows = W[month_ids]
    unit_rows = rows / (np.linalg.norm(rows, axis=1, keepdims=True) + 1e-8)
    xy = PCA(n_components=2, random_state=0).fit_transform(unit_rows)
    fig, ax = plt.subplots(figsize=(8, 8))
    loop = np.vstack([xy, xy[:1]])
    ax.plot(loop[:, 0], loop[:, 1], "-o")
    for (x, y), name in zip(xy, month_labels):
        ax.annotate(name, (x, y), fontsize=12)
    ax.set_aspect("equal")
    fig.savefig(out_png, bbox_inches="tight")
    plt.close(fig)


def semantic_umap(ckpt_path, word_ids):
    import umap
    W = word_vectors(ckpt_path)
    return umap.UMAP(n_neighbors=15, min_dist=0.05, metric="cosine", random_state=0).fit_transform(W[word_ids])
