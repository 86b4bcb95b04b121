# Synthetic rewrite of the shape of FOR-sight-ai/interpreto:interpreto/concepts/probes/centroid.py at 9b2a7f14787348a84885a3905081129dcdbfd93a (licence MIT); not the original text.
"""Concept probes that score activations against one mean vector per concept."""
import torch


class CentroidProbe(torch.nn.Module):
    def __init__(self, eps=1e-8):
        super().__init__()
        self.eps = eps
        self.register_buffer("centroids", torch.empty(0))
        self.register_buffer("bias", torch.empty(0))

    def _fit_centroids(self, x, y):
        # mean of the positive samples of each concept, shape (c, d)
        counts = y.sum(0).clamp_min(self.eps)
        self.centroids = (y.t() @ x) / counts.unsqueeze(1)

    def forward(self, x):
        return self._compute_scores(x) + self.bias


class CosineCentroidProbe(CentroidProbe):
    """score = cosine(activation, concept centroid) + bias"""

    def _unit(self, x):
        return x / x.norm(dim=1, keepdim=True).clamp_min(self.eps)

    def fit(self, x, y):
        self._fit_centroids(x, y)
        self.centroids = self._unit(self.centroids)
        self.bias = torch.zeros(self.centroids.shape[0])
        return self

    def _compute_scores(self, x):
        return self._unit(x) @ self.centroids.t()
