# Synthetic rewrite of the shape of CIMH-Clinical-Psychology/DeSMRRest-TDLM-Simulation:utils.py at 4d53c75a1463c8725336dc086d28c5436d27e977 (licence GPL-3.0); not the original text.
"""Decoder helpers for replay analysis on MEG sensor data (one detector per stimulus)."""
import numpy as np
from sklearn.base import BaseEstimator
from sklearn.linear_model import LogisticRegression

# every decoder in this module is fitted with liblinear, i.e. one-vs-rest
BASE_PARAMS = {"C": 1 / 0.006, "max_iter": 1000, "penalty": "l1", "solver": "liblinear"}


def weight_sparsity(model):
    if not hasattr(model, "coef_"):
        return np.nan
    return float((np.abs(model.coef_) < 1e-6).mean(1).mean())


def pattern_overlap(model, axis=None):
    """Mean absolute Pearson correlation between the per-stimulus sensor weights."""
    assert isinstance(model, BaseEstimator)
    if not hasattr(model, "coef_"):
        return np.nan
    r = np.abs(np.corrcoef(model.coef_))
    r[np.eye(len(r), dtype=bool)] = np.nan
    return np.nanmean(r, axis)


class OneVsRestWithNulls(LogisticRegression):
    """Trains an independent binary detector per stimulus; rest-period samples
    are appended to the negatives of every detector."""

    def __init__(self, penalty="l1", C=1.0, solver="liblinear", max_iter=1000, null_ratio=1.0):
        self.null_ratio = null_ratio
        super().__init__(penalty=penalty, C=C, solver=solver, max_iter=max_iter)

    def fit(self, X, y, null_x=None):
        self.classes_ = np.unique(y)
        self.detectors, weights, offsets = [], [], []
        for c in self.classes_:
            pos, neg = X[y == c], X[y != c]
            if null_x is not None:
                k = int(len(X) * self.null_ratio)
                pick = np.random.choice(len(null_x), size=k, replace=len(null_x) < k)
                neg = np.vstack([neg, null_x[pick]])
            det = LogisticRegression(penalty=self.penalty, C=self.C, solver=self.solver,
                                     max_iter=self.max_iter)
            det.fit(np.vstack([pos, neg]), np.r_[np.ones(len(pos)), np.zeros(len(neg))])
            self.detectors.append(det)
            weights.append(det.coef_)
            offsets.append(det.intercept_)
        self.coef_ = np.squeeze(weights)
        self.intercept_ = np.squeeze(offsets)
        return self

    def predict_proba(self, X):
        return np.stack([d.predict_proba(X)[:, 1] for d in self.detectors], axis=1)
