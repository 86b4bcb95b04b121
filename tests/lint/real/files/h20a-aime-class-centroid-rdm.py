# Synthetic rewrite of the shape of Cypherspec/aime-embedding-geometry:neural_probe.py at a1e42b3d7f71b4c9713e508e17cff9cc3d0c0f26 (licence NOASSERTION); not the original text.
"""Probing helpers for problem-text embeddings: linear probe plus class-level RSA."""
import numpy as np
from scipy.spatial.distance import cdist
from scipy.stats import spearmanr
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold


def probe_accuracy(emb, y, folds=5, seed=0):
    """Cross-validated softmax probe; only the accuracy is kept."""
    model = LogisticRegression(max_iter=1500, random_state=seed)
    scores = []
    for tr, va in StratifiedKFold(folds, shuffle=True, random_state=seed).split(emb, y):
        model.fit(emb[tr], y[tr])
        scores.append((model.predict(emb[va]) == y[va]).mean())
    return float(np.mean(scores))


def item_rdm(emb, metric="cosine"):
    """n x n dissimilarity matrix between embedded items."""
    return cdist(emb, emb, metric=metric)


def compare_spaces(emb_a, emb_b, metric="cosine"):
    """Second-order similarity: rank correlation of the two upper triangles."""
    iu = np.triu_indices(len(emb_a), k=1)
    rho, p = spearmanr(item_rdm(emb_a, metric)[iu], item_rdm(emb_b, metric)[iu])
    return float(rho), float(p)


def topic_level_rdm(emb, y, topic_names, metric="cosine"):
    """C x C dissimilarity between topic centroids (mean embedding per topic).

    This between-topic structure is what the paper's class-geometry section plots.
    """
    centroids = np.stack([emb[y == k].mean(0) for k in range(len(topic_names))])
    return cdist(centroids, centroids, metric=metric)
