# Synthetic rewrite of the shape of FelixHuiweiLin/PCR:agents/pcr.py at fba5677499f26fc06d78ea0752331d1a41234169 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn


class ScaledCosineHead(nn.Module):
    """Classifier whose logits are scaled cosines between features and its own rows."""

    def __init__(self, dim, n_classes, temperature=0.1):
        super().__init__()
        self.proj = nn.Linear(dim, n_classes, bias=False)
        self.temperature = temperature

    def forward(self, h):
        h_unit = h / (h.norm(dim=1, keepdim=True) + 1e-6)
        w_unit = self.proj.weight / (self.proj.weight.norm(dim=1, keepdim=True) + 1e-6)
        return h_unit.mm(w_unit.t()) / self.temperature


def proxy_contrastive_step(net, replay_x, replay_y, new_feats, new_y, contrast_loss):
    """One replay step: every sample is paired with the head row of its own class."""
    _, replay_feats = net.embed_and_score(replay_x)
    feats = torch.cat([replay_feats, new_feats])
    labels = torch.cat([replay_y, new_y])
    anchors = net.cos_head.proj.weight[labels]

    feats_unit = feats / (torch.norm(feats, p=2, dim=1, keepdim=True) + 1e-6)
    anchors_unit = anchors / (torch.norm(anchors, p=2, dim=1, keepdim=True) + 1e-6)
    paired = torch.stack([feats_unit, anchors_unit], dim=1)
    return contrast_loss(features=paired, labels=labels)
