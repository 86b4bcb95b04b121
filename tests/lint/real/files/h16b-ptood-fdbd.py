# cosaudit corpus, synthetic file: same shape as kkirchheim/pytorch-ood/src/pytorch_ood/detector/fdbd.py at 0906e90d70f0fccb476d4cc34a242afbbd46c847 (licence Apache-2.0); new code, no text copied.
"""Boundary-distance outlier score.

For a feature z with predicted class p the distance to the boundary against class c
is |logit_p - logit_c| / ||w_p - w_c||; the mean over c != p is divided by the
distance of z to the training mean.
"""
import torch
from torch import Tensor
from torch.nn import Linear, Module

from ..api import FeaturesDetector, ModelNotSetException, RequiresFittingException
from ..utils import extract_features


class BoundaryDistance(FeaturesDetector):
    requires_fit = True

    def __init__(self, encoder: Module, head: Linear, scale_by_distance: bool = True) -> None:
        super().__init__()
        self.encoder = encoder
        self.head = head
        self.scale_by_distance = scale_by_distance
        self.mu = None
        self._gap_norms = None

    def _pairwise_gap_norms(self):
        w = self.head.weight.data
        gaps = w[:, None, :] - w[None, :, :]
        norms = gaps.norm(dim=-1)
        norms.fill_diagonal_(1.0)
        self._gap_norms = norms

    def fit(self, loader):
        if self.encoder is None:
            raise ModelNotSetException()
        feats, _ = extract_features(loader, self.encoder, self.device or "cpu")
        return self.fit_features(feats)

    def fit_features(self, feats: Tensor, *args, **kwargs):
        self.mu = feats.detach().float().mean(dim=0)
        self._pairwise_gap_norms()
        return self

    def predict(self, x: Tensor) -> Tensor:
        return self.predict_features(self.encoder(x))

    @torch.no_grad()
    def predict_features(self, z: Tensor) -> Tensor:
        if self.mu is None:
            raise RequiresFittingException()
        z = z.float()
        logits = self.head(z)
        top, pred = logits.max(dim=1)
        margins = (top[:, None] - logits).abs()
        dist = (margins / self._gap_norms.to(z.device)[pred]).sum(dim=1) / (logits.shape[1] - 1)
        if self.scale_by_distance:
            dist = dist / (z - self.mu.to(z.device)).norm(dim=1).clamp(min=1e-8)
        return -dist
