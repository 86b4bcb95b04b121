# cosaudit corpus, synthetic file: same shape as kkirchheim/pytorch-ood/src/pytorch_ood/detector/nci.py at 05e372e766a483779709b1927623e75f3ce2dae7 (licence Apache-2.0); new code, no text copied.
"""Collapse-inspired outlier score.

A feature h is centred on the training mean g, z = h - g, and scored by how well
it lines up with the weight row of the class the head predicts:

    score(h) = - <z, w_pred> / ||z|| - alpha * ||h||_1
"""
import copy
import logging

import torch
from torch import Tensor
from torch.nn import Linear, Module

from ..api import FeaturesDetector, ModelNotSetException, RequiresFittingException
from ..utils import extract_features

log = logging.getLogger(__name__)


class CollapseAlignment(FeaturesDetector):
    requires_fit = True

    def __init__(self, encoder: Module, head: Linear, alpha: float = 0.0) -> None:
        super().__init__()
        self.encoder = encoder
        self.head = copy.deepcopy(head)
        self.alpha = alpha
        self.centre = None

    def fit(self, loader):
        if self.encoder is None:
            raise ModelNotSetException
        device = self.device or "cpu"
        feats, _ = extract_features(loader, self.encoder, device=device)
        return self.fit_features(feats)

    def fit_features(self, feats: Tensor, *args, **kwargs):
        self.centre = feats.detach().float().mean(dim=0)
        return self

    def predict(self, x: Tensor) -> Tensor:
        if self.encoder is None:
            raise ModelNotSetException
        return self.predict_features(self.encoder(x))

    def _cos(self, centred: Tensor, rows: Tensor) -> Tensor:
        # inner product with the predicted row; the row norm is left out as a shared factor
        num = (centred * rows).sum(dim=1)
        return num / centred.norm(dim=1)

    @torch.no_grad()
    def predict_features(self, feats: Tensor) -> Tensor:
        if self.centre is None:
            raise RequiresFittingException()
        feats = feats.detach().float()
        centred = feats - self.centre.to(feats.device)
        pred = self.head(feats).argmax(dim=1)
        rows = self.head.weight.data[pred]
        align = self._cos(centred, rows)
        if self.alpha <= 0:
            return -align
        return -align - self.alpha * feats.abs().sum(dim=1)
