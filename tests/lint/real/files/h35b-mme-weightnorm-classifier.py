# Synthetic rewrite of the shape of WillDreamer/LOG:model/dance.py at 0b314b6f35ab6e89b3407d8a724156a661e5b7f7 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class TemperedPrototypeHead(nn.Module):
    """Bias-free head on unit features; rows are renormalised after every optimiser step."""

    def __init__(self, n_cls=31, feat_dim=2048, tau=0.05):
        super().__init__()
        self.proto = nn.Linear(feat_dim, n_cls, bias=False)
        self.tau = tau

    def forward(self, feats, only_feats=False):
        if only_feats:
            return feats
        feats = F.normalize(feats)
        return self.proto(feats) / self.tau

    def renorm_rows(self):
        w = self.proto.weight.data
        norm = w.norm(p=2, dim=1, keepdim=True)
        self.proto.weight.data = w / norm

    def init_rows(self, layer):
        layer.weight.data.normal_(0.0, 0.1)
