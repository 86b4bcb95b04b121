# cosaudit corpus, synthetic file: same shape as ma-xu/Open-Set-Recognition/DFRep/V_dot+cos/DFPNet.py at 26a8a1cca199f4e23df98abca6893e3eef3307da (licence NOASSERTION); new code, no text copied.
"""Centroid network, 'dot + cos' variant: classify with the dot product to the
learned centroids, and also return the cosine distance to every centroid so
the loss can pull each feature towards its own centroid."""
import torch
import torch.nn as nn
import torch.nn.functional as F

import backbones.cifar as zoo


class DotCosNet(nn.Module):
    def __init__(self, backbone="ResNet18", num_classes=1000, embed_dim=512):
        super().__init__()
        self.backbone = zoo.__dict__[backbone](num_classes=num_classes, backbone_fc=False)
        self.embed = nn.Linear(self.backbone.out_channels, embed_dim, bias=False)
        self.centroids = nn.Parameter(torch.empty(num_classes, embed_dim))
        nn.init.xavier_uniform_(self.centroids)

    def forward(self, x):
        gap = F.adaptive_avg_pool2d(self.backbone(x), 1).flatten(1)
        f = self.embed(gap)
        logits = f @ self.centroids.t()
        cos = F.normalize(f, dim=1) @ F.normalize(self.centroids, dim=1).t()
        cos_dist = (1.0 - cos) / 2.0          # 0 = same direction, 1 = opposite
        return {"gap": gap, "embed_fea": f, "dotproduct_fea2cen": logits, "cosine_fea2cen": cos_dist}


class DotCosLoss(nn.Module):
    def __init__(self, alpha=1.0):
        super().__init__()
        self.alpha = alpha

    def forward(self, out, y):
        ce = F.cross_entropy(out["dotproduct_fea2cen"], y)
        own = out["cosine_fea2cen"].gather(1, y[:, None]).mean()
        return {"total": ce + self.alpha * own, "classification": ce, "distance": self.alpha * own}
