# Synthetic rewrite of the shape of Fsoft-AIC/CTM_OOD:core/detection/methods/post_hoc/ctm.py at 3587259bd6a69abd6b4103cb7311ffaa0857d60f (licence NOASSERTION); not the original text.
"""Out-of-distribution score: cosine of a test feature to the nearest
in-distribution class-mean ("typical") feature."""
from pathlib import Path

import torch
import torch.nn.functional as F

from .base_detector import BaseDetector
from ..utils import ClassMeanCollector


class TypicalMatchDetector(BaseDetector):
    def __init__(self, *, means_file=None, feats_file=None, which_layer=0, **kw):
        super().__init__("typical-match")
        self.means_file = means_file
        self.feats_file = feats_file
        self.which_layer = which_layer
        self._anchors = None

    def adapt(self, run_model, id_loader, *, net, **kw):
        if self.means_file is not None and Path(self.means_file).exists():
            means = torch.load(self.means_file)
        else:
            collector = ClassMeanCollector(layer_index=self.which_layer)
            means, _ = collector.adapt(run_model, id_loader,
                                       cache_feats_path=self.feats_file,
                                       cache_mean_path=self.means_file,
                                       normalize=False)
        # one unit vector per class, built from training features
        self._anchors = F.normalize(means, dim=-1).to(next(net.parameters()).device)

    @torch.no_grad()
    def score_batch(self, run_model, batch):
        logits, per_layer = run_model(batch, return_feature_list=True)
        guess = logits.argmax(dim=1)
        feats = per_layer[self.which_layer]
        if self.normalize_feature:
            feats = F.normalize(feats, dim=-1)
        sims = feats @ self._anchors.T
        return {"scores": sims.max(dim=-1).values, "preds": guess}

    def __str__(self):
        return f"{self.name}_layer={self.which_layer}"
