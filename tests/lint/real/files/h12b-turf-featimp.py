# cosaudit corpus, synthetic file: same shape as x-tabdeveloping/turftopic/turftopic/feature_importance.py at 2d991b0b1b578541b02128195c7ced7b359bc708 (licence MIT); new code, no text copied.
"""Ways of scoring how important each vocabulary term is for each topic."""
from __future__ import annotations

import numpy as np
import scipy.sparse as spr
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.metrics.pairwise import cosine_similarity


def centroid_proximity(centroids: np.ndarray, term_vectors: np.ndarray) -> np.ndarray:
    """Importance = cosine between a topic's centroid and each term embedding."""
    scores = np.full((centroids.shape[0], term_vectors.shape[0]), np.nan)
    ok = np.all(np.isfinite(centroids), axis=1)
    scores[ok] = cosine_similarity(centroids[ok], term_vectors)
    return scores


def linear_probe(doc_topic: np.ndarray, doc_vectors: np.ndarray, term_vectors: np.ndarray) -> np.ndarray:
    """Importance = direction of each topic in a linear classifier fitted on document embeddings."""
    y = doc_topic.argmax(axis=1)
    clf = LinearDiscriminantAnalysis().fit(doc_vectors, y)
    scores = cosine_similarity(clf.coef_, term_vectors)
    if len(np.unique(y)) == 2:
        scores = np.concatenate([-scores, scores], axis=0)
    return scores


def log_odds_contrast(doc_topic: np.ndarray, doc_term: spr.csr_matrix, prior="corpus") -> np.ndarray:
    """Z-scored log-odds of each term inside a topic versus the rest of the corpus."""
    y = doc_topic.argmax(axis=1)
    n_vocab = doc_term.shape[1]
    alpha = np.ravel(np.asarray(doc_term.sum(axis=0))) if prior == "corpus" else np.full(n_vocab, prior)
    a0 = alpha.sum()
    rows = []
    for k in range(doc_topic.shape[1]):
        inside = np.ravel(np.asarray(doc_term[y == k].sum(axis=0)))
        outside = np.ravel(np.asarray(doc_term[y != k].sum(axis=0)))
        lo_in = np.log((inside + alpha) / (inside.sum() + a0 - inside - alpha))
        lo_out = np.log((outside + alpha) / (outside.sum() + a0 - outside - alpha))
        var = 1 / (inside + alpha) + 1 / (outside + alpha)
        rows.append((lo_in - lo_out) / np.sqrt(var))
    return np.stack(rows)


def class_tf_idf(doc_topic: np.ndarray, doc_term: spr.csr_matrix) -> np.ndarray:
    """Soft class-based tf-idf over topic assignments."""
    eps = np.finfo(float).eps
    counts = doc_topic.T @ doc_term
    tf = (counts.T / (np.abs(counts).sum(axis=1) + eps)).T
    idf = np.log(len(doc_topic) / (np.abs(counts).sum(axis=0) + eps))
    return tf * idf
