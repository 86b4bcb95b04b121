# cosaudit corpus, synthetic file: same shape as Fsoft-AIC/CTM-OOD/core/detection/methods/post_hoc/ctm.py at 3587259bd6a69abd6b4103cb7311ffaa0857d60f (licence NOASSERTION); new code, no text copied.
from pathlib import Path

import torch
import torch.nn.functional as F

from core.detection.methods.utils import CalMeanClass
from .base_detector import BaseDetector


class TypicalFeatureMatch(BaseDetector):
    def __init__(self, *, cache_means=None, cache_feats=None, layer_index=0, **kwargs):
        super().__init__("ctm")
        self.cache_means = cache_means
        self.cache_feats = cache_feats
        self.layer_index = layer_index

    def adapt(self, forward_fn, id_loader, *, net, **kwargs):
        if self.cache_means is not None and Path(self.cache_means).exists():
            means = torch.load(self.cache_means)
        else:
            stats = CalMeanClass(layer_index=self.layer_index)
            means, _ = stats.adapt(forward_fn, id_loader, cache_feats_path=self.cache_feats,
                                   cache_mean_path=self.cache_means, normalize=False)
        self._centroids = F.normalize(means, dim=-1).to(net.fc.weight.device)

    @torch.no_grad()
    def score_batch(self, forward_fn, data):
        logits, feats_all = forward_fn(data, return_feature_list=True)
        feats = feats_all[self.layer_index]
        if self.normalize_feature:
            feats = F.normalize(feats, dim=-1)
        sims = feats @ self._centroids.T
        return {"scores": sims.max(dim=-1).values, "preds": logits.argmax(dim=1)}

    def __str__(self):
        return f"{self.name}_layer={self.layer_index}"
