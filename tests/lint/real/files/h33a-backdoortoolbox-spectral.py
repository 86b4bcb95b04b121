# Synthetic rewrite of the shape of QianSilence/BackdoorToolbox:core/defenses/Spectral.py at 2e14afd900e7fbf8f75b1c706aee6d4f5eac1e75 (licence NOASSERTION); not the original text.
"""Spectral-signature filtering of a possibly poisoned training set."""
import numpy as np
from torch.utils.data import Subset

from .features import penultimate_features


class SpectralFilter:
    def __init__(self, target_label, keep_percentile=85):
        self.target_label = target_label
        self.keep_percentile = keep_percentile

    def collect(self, net, dataset, layer_name):
        labels = np.asarray(dataset.targets)
        idx = np.where(labels == self.target_label)[0]
        feats = penultimate_features(net, layer_name, Subset(dataset, idx))
        return idx, feats

    def outlier_scores(self, feats):
        centered_cov = feats - feats.mean(axis=0, keepdims=True)
        _, sing, vt = np.linalg.svd(centered_cov, full_matrices=False)
        print("leading singular values:", sing[:5])
        eigs = vt[:1]
        corrs = np.matmul(eigs, np.transpose(centered_cov))
        return np.linalg.norm(corrs, axis=0)

    def run(self, net, dataset, layer_name):
        idx, feats = self.collect(net, dataset, layer_name)
        scores = self.outlier_scores(feats)
        cut = np.percentile(scores, self.keep_percentile)
        flagged = idx[scores > cut]
        kept = np.setdiff1d(np.arange(len(dataset)), flagged)
        return kept, flagged
