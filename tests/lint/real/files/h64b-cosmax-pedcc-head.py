# Synthetic rewrite of the shape of hualunjun/CosMax:tool/POD.py at c95c52dc545f0cad16e47d752685e339f6d4c4cd (licence NOASSERTION); not the original text.
import pickle

import torch
import torch.nn as nn


def load_centres(path):
    with open(path, "rb") as handle:
        return pickle.load(handle)


class FixedCentreCosineHead(nn.Module):
    """Logits are cosines against predefined, unit-length class centres (frozen)."""

    def __init__(self, feat_dim, n_classes, centre_file):
        super().__init__()
        self.feat_dim = feat_dim
        self.n_classes = n_classes
        table = load_centres(centre_file)
        stacked = torch.cat([table[k].float() for k in range(n_classes)], dim=0)
        centres = stacked.view(n_classes, feat_dim).t().contiguous()
        self.centres = nn.Parameter(centres, requires_grad=False)

    def forward(self, feats):
        # feats are expected to be unit length already; the product is the cosine logit
        cosines = feats.mm(self.centres)
        return cosines


def centred_decorrelation(feats, mean_feat):
    unit = feats / feats.norm(p=2, dim=1, keepdim=True)
    shifted = unit - mean_feat
    cov = shifted.t().mm(shifted) / (shifted.shape[1] - 1)
    off_diag = (cov ** 2).sum() - (torch.diagonal(cov) ** 2).sum()
    return off_diag / (cov.shape[0] - 1)
