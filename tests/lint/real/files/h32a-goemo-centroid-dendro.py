# Synthetic rewrite of the shape of Amiri-007/HumanEmotionGo:src/analysis.py at a74b997436e55c10c65b036bcc22cf508bcc11db (licence NOASSERTION); not the original text.
"""Summarise how the fine-tuned emotion model's last hidden features group by label."""
import numpy as np
import matplotlib.pyplot as plt
from scipy.cluster.hierarchy import linkage, dendrogram
from sklearn.decomposition import PCA


def emotion_tree(penult_feats, gold_labels, label_names, out_png):
    """Ward tree over per-emotion means of the features that feed the classifier."""
    if penult_feats.shape[0] < 5:
        return None
    k = min(40, penult_feats.shape[1], penult_feats.shape[0] - 1)
    reduced = PCA(n_components=k).fit_transform(penult_feats)

    means, names = [], []
    for lab in np.unique(gold_labels):
        sel = gold_labels == lab
        if sel.any():
            means.append(reduced[sel].mean(axis=0))
            names.append(label_names[lab])
    means = np.stack(means)

    tree = linkage(means, 'ward')
    fig, ax = plt.subplots(figsize=(7, 9))
    dendrogram(tree, labels=names, orientation='right', ax=ax)
    ax.set_title('Emotion groups (class means of classifier inputs)')
    fig.savefig(out_png)
    plt.close(fig)
    return tree
