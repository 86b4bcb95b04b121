# Synthetic rewrite of the shape of AlexMoreo/word-class-embeddings:src/embedding/supervised.py at 0b72b175c4a24cfb76af0f0d7044fe9aed4d3972 (licence NOASSERTION); not the original text.
import numpy as np
from sklearn.decomposition import PCA


def _standardise(m, axis=0):
    sd = np.clip(m.std(axis=axis), 1e-5, None)
    return (m - m.mean(axis=axis)) / sd


def term_label_counts(X, Y):
    """Each vocabulary term gets one coordinate per label: how often it co-occurs with that label."""
    df = (X > 0).sum(axis=0)
    return (X.T).dot(Y) / df.T


def term_label_tfidf(X, Y):
    mass = X.sum(axis=0)
    F = (X.T).dot(Y) / mass.T
    return F


def term_label_pmi(X, Y):
    present = X > 0
    n_docs = X.shape[0]
    joint = present.T.dot(Y) / n_docs
    p_term = present.sum(axis=0) / n_docs
    p_label = Y.sum(axis=0) / n_docs
    return np.log1p(np.asarray(joint / (p_term.T * p_label)))


def word_class_embeddings(X, Y, cap=300, how="dotn", standardise=True):
    """Supervised word vectors from the document-term (X) and document-label (Y) matrices."""
    n_labels = Y.shape[1]
    builders = {"dot": term_label_counts, "dotn": term_label_tfidf, "pmi": term_label_pmi}
    F = builders[how](X, Y)
    if n_labels > cap:
        reducer = PCA(n_components=cap)
        F = reducer.fit(F).transform(F)
        F /= reducer.singular_values_
    if standardise:
        F = _standardise(F, axis=0)
    return F
