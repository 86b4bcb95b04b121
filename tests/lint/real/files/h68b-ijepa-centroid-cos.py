# Synthetic rewrite of the shape of sombersomni/ijepa-homemade:ijepa/evaluation/similarity_analysis.py at fea7df9642d0426c9a0ded16e906bb15e2a3edcd (licence NOASSERTION); not the original text.
"""How alike are the classes in an encoder's feature space? Compare class means."""
import numpy as np
import matplotlib.pyplot as plt
import seaborn as sns
from sklearn.metrics.pairwise import cosine_similarity

LABELS = ["plane", "car", "bird", "cat", "deer", "dog", "frog", "horse", "ship", "truck"]


def class_means(embeddings, targets, unit=True):
    means = []
    for c in sorted(np.unique(targets)):
        m = embeddings[targets == c].mean(axis=0)
        if unit:
            m = m / (np.linalg.norm(m) + 1e-8)
        means.append(m)
    return np.vstack(means)


def mean_similarity(embeddings, targets):
    # cosine between the per-class average embeddings (no classifier involved)
    return cosine_similarity(class_means(embeddings, targets))


def draw(sim, names=None, out=None):
    names = names or LABELS
    fig, ax = plt.subplots(figsize=(9, 7))
    sns.heatmap(sim, annot=True, fmt=".2f", cmap="coolwarm", vmin=-1, vmax=1,
                xticklabels=names, yticklabels=names, square=True, ax=ax)
    ax.set_title("Cosine between class-mean embeddings")
    fig.tight_layout()
    if out:
        fig.savefig(out, dpi=150)
    return fig


def side_by_side(per_model, names=None):
    fig, axes = plt.subplots(1, len(per_model), figsize=(7 * len(per_model), 6))
    axes = np.atleast_1d(axes)
    for ax, (tag, sim) in zip(axes, per_model.items()):
        sns.heatmap(sim, ax=ax, cmap="coolwarm", vmin=-1, vmax=1,
                    xticklabels=names or LABELS, yticklabels=names or LABELS)
        ax.set_title(tag)
    return fig
