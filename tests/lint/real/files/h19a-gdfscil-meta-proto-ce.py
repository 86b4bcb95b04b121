# Synthetic rewrite of the shape of ayjxxng/GD-FSCIL:MetaSAFE.py at d0aa9089d7be3f9f45968f9caab1902f6eeafe94 (licence MIT); not the original text.
import torch
import torch.nn.functional as F
from torch.func import functional_call


class MetaLearner:
    """Few-shot sessions on a ViT with a CosineLinear head (logits = sigma * cos(feature, row))."""

    def __init__(self, network, teacher, device, known=0, cfg=None):
        self._network, self.teacher = network, teacher
        self._device, self._known_classes = device, known
        self.cfg = cfg or {}

    def imprint_rows(self, feats, labels):
        for c in labels.unique():
            self._network.fc.weight.data[c] = feats[labels == c].mean(0)

    def _meta_loss(self, fast_params, inputs, targets):
        params = dict(zip([n for n, p in self._network.named_parameters() if p.requires_grad], fast_params))
        feats = functional_call(self._network, params, (inputs,), {"return_features": True})["features"]
        old_rows = self._network.fc.weight[: self._known_classes]
        pool = torch.cat([old_rows, feats], dim=0)
        pool_y = torch.cat([torch.arange(self._known_classes, device=self._device), targets])
        logits_bcl = self._network.fc(pool)
        loss = F.cross_entropy(logits_bcl, pool_y)
        if self.cfg.get("meta_cm"):
            loss = loss + self.cfg.get("lambda_meta_cm", 0.05) * self.cross_corr(inputs)
        return loss

    def cross_corr(self, inputs):
        s = F.normalize(self._network.convnet(inputs), dim=-1)
        with torch.no_grad():
            t = F.normalize(self.teacher.convnet(inputs), dim=-1)
        c = s.T @ t / s.size(0)
        on = (c.diagonal() - 1).pow(2).sum()
        off = (c - torch.diag(c.diagonal())).pow(2).sum()
        return self.cfg["slow_diag"] * on + self.cfg["slow_rdn"] * off
