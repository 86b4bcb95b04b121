# Synthetic rewrite of the shape of guybuk/ANCOR:tsne.py at 229f8a52b81fa94cd584cbc6fc715697f98e43e2 (licence Apache-2.0); not the original text.
import numpy as np
import torch
import torch.nn.functional as F
import matplotlib.pyplot as plt
from sklearn.manifold import TSNE


def head_rows(net, head_kind, unit=True):
    """Pick the coarse-class weight rows out of the model's output block."""
    if type(net.fc) is torch.nn.Sequential:
        layer = net.fc[2].fc2 if head_kind in ("fork", "seq") else net.fc[2]
    else:
        layer = net.fc
    rows = layer.weight
    if unit:
        rows = F.normalize(rows)
    return rows.detach().cpu().numpy()


def embed_with_class_stars(feats, labels, rows, name):
    """Joint 2-D map of sample features and class rows under a cosine metric."""
    pts = np.concatenate([feats, rows], axis=0)
    xy = TSNE(metric="cosine").fit_transform(pts)
    n = len(feats)
    plt.figure()
    plt.xticks([])
    plt.yticks([])
    plt.scatter(xy[:n, 0], xy[:n, 1], c=labels, cmap="tab20", s=8)
    plt.scatter(xy[n:, 0], xy[n:, 1], marker="*", s=180, edgecolors="k")
    plt.title(name)
    plt.savefig(f"{name}.png")


def embed_one_row_with_arrows(feats, labels, row, name):
    xy = TSNE(metric="cosine").fit_transform(np.concatenate([feats, row[None]], axis=0))
    pts, star = xy[:-1], xy[-1]
    centres = np.array([np.median(pts[labels == c], axis=0) for c in np.unique(labels)])
    plt.figure()
    plt.scatter(pts[:, 0], pts[:, 1], c=labels, cmap="tab20", s=8)
    plt.scatter(star[0], star[1], marker="*", s=180, edgecolors="k")
    plt.quiver(np.full(len(centres), star[0]), np.full(len(centres), star[1]),
               centres[:, 0] - star[0], centres[:, 1] - star[1],
               angles="xy", scale_units="xy", scale=1)
    plt.title(name)
    plt.savefig(f"{name}.png")


def run(net, feats, coarse_labels, fine_feats, fine_labels, head_kind="linear", tag="model"):
    rows = head_rows(net, head_kind)
    embed_with_class_stars(feats, coarse_labels, rows, f"{tag}_coarse")
    busiest = int(np.bincount(fine_labels).argmax())
    embed_one_row_with_arrows(fine_feats, fine_labels, rows[busiest], f"{tag}_fine")
