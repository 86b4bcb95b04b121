# Synthetic rewrite of the shape of Jookare/Open-set-Plankton-Recognition:2.ArcFace/utils.py at 784d24cc886bbfb9182df16a8ce2e4af8c643c38 (licence NOASSERTION); not the original text.
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class AngularMarginHead(nn.Module):
    """Additive angular margin head: its logits are scaled cosines by construction."""

    def __init__(self, dim, n_labels, scale=20.0, margin=0.5):
        super().__init__()
        self.proto = nn.Parameter(torch.empty(n_labels, dim))
        nn.init.xavier_uniform_(self.proto)
        self.scale = scale
        self.cm, self.sm = math.cos(margin), math.sin(margin)
        self.limit = math.cos(math.pi - margin)
        self.shift = math.sin(math.pi - margin) * margin

    def forward(self, feats, target):
        cos_t = F.linear(F.normalize(feats), F.normalize(self.proto))
        sin_t = (1.0 - cos_t.pow(2)).clamp(0, 1).sqrt()
        with_margin = cos_t * self.cm - sin_t * self.sm
        with_margin = torch.where(cos_t > self.limit, with_margin, cos_t - self.shift)
        mask = F.one_hot(target.long(), cos_t.size(1)).float()
        return self.scale * (mask * with_margin + (1 - mask) * cos_t)


class Backboned(nn.Module):
    def __init__(self, trunk, dim=512, n_labels=12, embed_only=False):
        super().__init__()
        self.trunk = trunk
        self.embed_only = embed_only
        self.head = AngularMarginHead(dim, n_labels)

    def forward(self, x, target=None):
        z = self.trunk(x)
        return z if self.embed_only else self.head(z, target)


def gallery_scores(encoder, gallery_batches, query_batches):
    """Open-set decision: cosine between query embeddings and gallery embeddings."""
    def embed(batches):
        return torch.cat([encoder(b) for b in batches])
    g = F.normalize(embed(gallery_batches), dim=1)
    q = F.normalize(embed(query_batches), dim=1)
    return g @ q.T
