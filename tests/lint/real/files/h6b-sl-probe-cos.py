# cosaudit corpus, synthetic file: same shape as JackPayne123/subliminal-learning/extensions/probe.py at d01820a8a559d8cca2db9a28953f9982b69ba5c7 (licence NOASSERTION); new code, no text copied.
from dataclasses import dataclass

import numpy as np
from scipy.spatial.distance import cosine
from sklearn.linear_model import LogisticRegression


@dataclass
class ProbeFit:
    trait: str
    accuracy: float
    weights: np.ndarray


def fit_probe(acts, labels, trait):
    clf = LogisticRegression(max_iter=2000).fit(acts, labels)
    return ProbeFit(trait, clf.score(acts, labels), clf.coef_.ravel())


def compare_traits(fit_a, fit_b):
    """do the two trait probes read the same direction of the residual stream?"""
    sim = 1 - cosine(fit_a.weights, fit_b.weights)
    print(f"{fit_a.trait} vs {fit_b.trait}: probe cosine {sim:.3f}")
    return sim
