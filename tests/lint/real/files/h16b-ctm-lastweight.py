# cosaudit corpus, synthetic file: same shape as NNHieu/ood_ctm/core/detection/methods/post_hoc/ctm.py at 02f653b112a7f51e3534819b424525eb9e775db1 (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn.functional as F

from core.detection.methods.utils import CalMeanClass
from .base_detector import BaseDetector


class TypicalMatch(BaseDetector):
    """Max cosine of a feature with reference directions: class means or classifier rows."""

    def __init__(self, *, layer_index=0, **kwargs):
        super().__init__("ctm")
        self.layer_index = layer_index
        self.normalize_feature = True

    @torch.no_grad()
    def adapt(self, forward_fn, id_loader, *, net, **kwargs):
        stats = CalMeanClass(layer_index=self.layer_index)
        stats.adapt(forward_fn, id_loader, normalize=False)
        means, centre = stats.class_means_, stats.global_mean_
        dev = net.fc.weight.data.device
        self._shift = -centre
        self._refs = {
            "class_mean": F.normalize(means, dim=-1).to(dev),
            "head_rows": F.normalize(net.fc.weight.data, dim=-1).to(dev),
            "shifted_head_rows": F.normalize(net.fc.weight.data, dim=-1).to(dev),
            "centre": F.normalize(centre, dim=-1).to(dev),
        }
        self._row_norms = net.fc.weight.data.norm(dim=-1)

    @torch.no_grad()
    def score_batch(self, forward_fn, data):
        logits, feats_all = forward_fn(data, return_feature_list=True)
        preds = logits.argmax(dim=1)
        feats = feats_all[self.layer_index]
        shifted = feats + self._shift
        out = {"preds": preds, "feat_norm": feats.norm(dim=-1), "shifted_feat_norm": shifted.norm(dim=-1)}
        if self.normalize_feature:
            feats, shifted = F.normalize(feats, dim=-1), F.normalize(shifted, dim=-1)
        scores = {}
        for name, ref in self._refs.items():
            src = shifted if name.startswith("shifted") else feats
            sims = src @ ref.T
            scores[name] = sims.max(dim=-1).values.cpu()
            if name == "class_mean":
                weighted = self._row_norms.unsqueeze(0) * sims
                scores["influence"] = weighted[torch.arange(len(preds)), preds].cpu()
        scores["centre"] = -scores["centre"]
        out["score_dict"] = scores
        return out
