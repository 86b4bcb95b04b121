# Synthetic rewrite of the shape of jayzhan211/Machine-Learning-PlayGround:OLTR/models/cosine_norm_classifer.py at 9306d1a1dd93d7bd1089c56f7273399edf73517d (licence NOASSERTION); not the original text.
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class SquashedCosineHead(nn.Module):
    """Open-world long-tail head: logits are scaled cosines by construction."""

    def __init__(self, feat_dim, n_classes, temperature=16.0):
        super().__init__()
        self.temperature = temperature
        self.protos = nn.Parameter(torch.empty(n_classes, feat_dim))
        bound = 1.0 / math.sqrt(feat_dim)
        nn.init.uniform_(self.protos, -bound, bound)

    def forward(self, feats, *unused):
        length = feats.norm(p=2, dim=1, keepdim=True)
        squashed = (length / (1.0 + length)) * (feats / length)
        unit_protos = F.normalize(self.protos, p=2, dim=1)
        return (self.temperature * squashed) @ unit_protos.t()
