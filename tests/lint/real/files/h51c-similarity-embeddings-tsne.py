# Synthetic rewrite of the shape of kctsiolis/similarity-embeddings:embedding_analysis.py at 3d91692022224b395bd698b41945d2e12af5b415 (licence NOASSERTION); not the original text.
import matplotlib.pyplot as plt
import numpy as np
from sklearn.manifold import TSNE

from embeddings import save_embeddings

PALETTE = ["grey", "maroon", "crimson", "royalblue", "darkorange",
           "olive", "teal", "skyblue", "indigo", "orchid"]


def project_2d(features, labels, out_file, n_classes=None, figure_file=None):
    coords = TSNE(n_jobs=-1).fit_transform(features)
    save_embeddings(coords, out_file)
    if figure_file is not None and n_classes is not None:
        scatter_by_class(coords, labels, n_classes, figure_file)


def scatter_by_class(coords, labels, n_classes, figure_file):
    if n_classes > len(PALETTE):
        raise ValueError("too many classes to colour")
    plt.figure()
    for c in range(n_classes):
        idx = np.where(labels == c)
        plt.scatter(coords[idx, 0], coords[idx, 1], c=PALETTE[c], label=f"class {c}")
    plt.legend()
    plt.savefig(figure_file)
