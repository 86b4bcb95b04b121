# cosaudit corpus, synthetic file: same shape as Gavin6305/DistilBERT-Emotion-Classification/analysis/visualize_weights.py at 3c04e38cf9c8558d4757c1063bb0ae363c8a7836 (licence NOASSERTION); new code, no text copied.
"""How the fine-tuned DistilBERT emotion classifier arranges its 28 labels (GoEmotions)."""
import numpy as np
import pandas as pd
import seaborn as sns
import torch.nn.functional as F
import matplotlib.pyplot as plt
import umap
from scipy.cluster.hierarchy import dendrogram, linkage
from scipy.spatial.distance import pdist
from sklearn.preprocessing import normalize

from common.labels import EMOTIONS, SENTIMENT_GROUPS, EKMAN_GROUPS
from models.flat import load_flat_model

CKPT = "./flat_cls/checkpoint-5428"


def label_similarity(ckpt=CKPT, show=True):
    """Cosine between every pair of rows of the 28-way classification head."""
    model, _ = load_flat_model(ckpt)
    W = model.classifier.weight.detach().cpu()          # (28, hidden)
    sim = F.cosine_similarity(W[:, None, :], W[None, :, :], dim=-1)
    if not show:
        return sim
    plt.figure(figsize=(12, 10))
    sns.heatmap(sim, xticklabels=EMOTIONS, yticklabels=EMOTIONS, cmap="magma", center=0)
    plt.title("Cosine similarity of the emotion classifier weights")
    plt.show()


def group_table(ckpt=CKPT, level="sentiment"):
    groups = SENTIMENT_GROUPS if level == "sentiment" else EKMAN_GROUPS
    ids = {g: [EMOTIONS.index(e) for e in members] for g, members in groups.items()}
    sim = label_similarity(ckpt, show=False)
    rows = []
    for g, idx in ids.items():
        block = sim[np.ix_(idx, idx)]
        off = ~np.eye(len(idx), dtype=bool)
        rows.append({"group": g, "kind": "within", "similarity": block[off].mean().item()})
    names = list(ids)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            rows.append({"group": f"{a} / {b}", "kind": "between",
                         "similarity": sim[np.ix_(ids[a], ids[b])].mean().item()})
    return pd.DataFrame(rows).sort_values("similarity", ascending=False)


def label_tree(ckpt=CKPT):
    model, _ = load_flat_model(ckpt)
    W = normalize(model.classifier.weight.detach().cpu().numpy())
    Z = linkage(pdist(W, metric="cosine"), method="ward")
    plt.figure(figsize=(14, 6))
    dendrogram(Z, labels=EMOTIONS, leaf_rotation=90)
    plt.title("Emotion classifier weights, hierarchical clustering")
    plt.show()


def label_map(ckpt=CKPT):
    model, _ = load_flat_model(ckpt)
    W = normalize(model.classifier.weight.detach().cpu().numpy())
    xy = umap.UMAP(n_components=2, metric="cosine", random_state=0).fit_transform(W)
    plt.figure(figsize=(10, 7))
    plt.scatter(xy[:, 0], xy[:, 1], s=70)
    for i, name in enumerate(EMOTIONS):
        plt.text(xy[i, 0], xy[i, 1], name, fontsize=9)
    plt.title("UMAP of the classifier weights")
    plt.show()
