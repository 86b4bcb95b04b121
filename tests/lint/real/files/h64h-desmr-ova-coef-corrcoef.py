# Synthetic rewrite of the shape of CIMH-Clinical-Psychology/DeSMRRest-clustered-reactivation:utils.py at 52f76939b02d700091f6ae3bc8e3bcf43ecbbf8d (licence MIT); not the original text.
"""Helpers for MEG state decoders: sparsity and spatial overlap of the per-state weights."""
import numpy as np
from sklearn.base import BaseEstimator
from sklearn.linear_model import LogisticRegression


def weight_sparsity(decoder):
    """Fraction of near-zero sensor weights, averaged over states."""
    if not hasattr(decoder, "coef_"):
        return np.nan
    near_zero = np.abs(decoder.coef_) < 1e-6
    return float(near_zero.mean(axis=1).mean())


def spatial_overlap(decoder, axis=None):
    """Mean absolute Pearson correlation between the sensor patterns of different states."""
    if not isinstance(decoder, BaseEstimator) or not hasattr(decoder, "coef_"):
        return np.nan
    r = np.abs(np.corrcoef(decoder.coef_))
    np.fill_diagonal(r, np.nan)
    return np.nanmean(r, axis)


class OneVsRestWithNulls(LogisticRegression):
    """One independent binary logistic regression per state; extra null trials are negatives."""

    def __init__(self, penalty="l1", C=1.0, solver="liblinear", max_iter=1000, null_ratio=1.0):
        self.null_ratio = null_ratio
        LogisticRegression.__init__(self, penalty=penalty, C=C, solver=solver, max_iter=max_iter)

    def fit(self, X, y, null_x=None):
        self.classes_ = np.unique(y)
        self.members_ = []
        for state in self.classes_:
            pos = X[y == state]
            neg = X[y != state]
            if null_x is not None:
                k = int(len(X) * self.null_ratio)
                pick = np.random.choice(len(null_x), size=k, replace=len(null_x) < k)
                neg = np.vstack([neg, null_x[pick]])
            member = LogisticRegression(penalty=self.penalty, C=self.C,
                                        solver=self.solver, max_iter=self.max_iter)
            member.fit(np.vstack([pos, neg]),
                       np.r_[np.ones(len(pos)), np.zeros(len(neg))])
            self.members_.append(member)
        self.coef_ = np.squeeze([m.coef_ for m in self.members_])
        self.intercept_ = np.squeeze([m.intercept_ for m in self.members_])
        return self

    def predict_proba(self, X):
        # each state gets its own sigmoid; the columns do not sum to one
        return np.stack([m.predict_proba(X)[:, 1] for m in self.members_], axis=1)
