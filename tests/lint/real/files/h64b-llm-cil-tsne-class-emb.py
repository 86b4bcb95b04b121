# Synthetic rewrite of the shape of zzz47zzz/codebase-for-incremental-learning-with-llm:utils/visualization.py at cc2bf9d30e6f1324e420c41039aae251e96dd4e1 (licence NOASSERTION); not the original text.
import matplotlib.pyplot as plt
import numpy as np
from sklearn.manifold import TSNE


def draw_embedding_map(sample_feats, label_rows, sample_labels, first_task=10, total=150,
                       out_png="./figures/map_all.png"):
    """Project sample features together with the per-label rows into 2-D."""
    n_labels = label_rows.shape[0]
    marker_ids = -np.ones(n_labels)
    stacked = np.concatenate([sample_feats, label_rows], axis=0)
    ids = np.concatenate([sample_labels, marker_ids], axis=0)

    # put everything on the unit sphere before the embedding
    stacked = stacked / np.linalg.norm(stacked, ord=2, axis=-1, keepdims=True)

    flat = TSNE(n_components=2).fit_transform(stacked)
    palette = plt.get_cmap("tab10")
    for c in range(first_task):
        pts = flat[ids == c]
        plt.scatter(pts[:, 0], pts[:, 1], marker="x", s=3, color=palette(c))
    for c in range(first_task, total):
        pts = flat[ids == c]
        plt.scatter(pts[:, 0], pts[:, 1], marker=".", s=3, color="grey", alpha=0.1)
    for c in range(n_labels):
        row = flat[-n_labels + c]
        tint = palette(c) if c < first_task else "grey"
        plt.scatter(row[0], row[1], marker="*", s=10, color=tint)
    plt.savefig(out_png, bbox_inches="tight", dpi=600)
    plt.clf()
