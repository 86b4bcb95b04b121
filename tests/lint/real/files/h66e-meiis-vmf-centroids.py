# Synthetic rewrite of the shape of kaminglui/Domain-Adaptation-with-ME-IIS:clustering/vmf_softmax_backend.py at 6197493287f6571fa1c806ff5ecdcb4ad476dde2 (licence NOASSERTION); not the original text.
"""Spherical soft clustering: softmax over cosines to unit k-means centres."""
from dataclasses import dataclass
from typing import Optional

import numpy as np
from sklearn.cluster import KMeans


def unit_rows(a, eps=1e-12):
    return a / np.maximum(np.linalg.norm(a, axis=1, keepdims=True), eps)


@dataclass
class SphericalSoftConfig:
    concentration: float = 20.0
    seed: Optional[int] = None
    restarts: int = 10


class SphericalSoftClusters:
    def __init__(self, k, cfg=None):
        self.k = int(k)
        self.cfg = cfg or SphericalSoftConfig()
        self.centres = None

    def fit(self, feats):
        feats = unit_rows(np.asarray(feats, dtype=np.float64))
        km = KMeans(n_clusters=self.k, random_state=self.cfg.seed, n_init=self.cfg.restarts).fit(feats)
        self.centres = unit_rows(km.cluster_centers_)
        return self

    def responsibilities(self, feats):
        if self.centres is None:
            raise RuntimeError("fit() first")
        cos = unit_rows(np.asarray(feats, dtype=np.float64)) @ self.centres.T   # feature-to-centre cosines
        z = self.cfg.concentration * cos
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        return p / p.sum(axis=1, keepdims=True)
