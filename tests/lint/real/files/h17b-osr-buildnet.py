# cosaudit corpus, synthetic file: same shape as ma-xu/Open-Set-Recognition/Compare/Ablation/BuildNet.py at 26a8a1cca199f4e23df98abca6893e3eef3307da (licence NOASSERTION); new code, no text copied.
"""Backbone + learned class centres; returns several feature-to-centre scores
so that one training script can compare softmax, NormFace, ArcFace and
norm-weighted heads for open-set recognition (default loss: plain softmax on
the dot-product scores)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

import backbones.cifar as zoo


class OpenSetNet(nn.Module):
    def __init__(self, backbone="ResNet18", num_classes=10, embed_dim=512, p=2):
        super().__init__()
        self.p = p
        self.backbone = zoo.__dict__[backbone](num_classes=num_classes, backbone_fc=False)
        width = self.backbone.out_channels
        self.embed_dim = embed_dim
        if embed_dim:
            self.project = nn.Linear(width, embed_dim, bias=False)
            self.centres = nn.Parameter(torch.empty(num_classes, embed_dim))
        else:
            self.project = nn.Identity()
            self.centres = nn.Parameter(torch.empty(num_classes, width))
        nn.init.xavier_uniform_(self.centres)

    def forward(self, x):
        pooled = F.adaptive_avg_pool2d(self.backbone(x), 1).flatten(1)
        emb = self.project(pooled)
        emb_len = emb.norm(dim=1, keepdim=True)
        emb_unit = F.normalize(emb, dim=1)
        c_unit = F.normalize(self.centres, dim=1)
        dot = emb @ self.centres.t()          # logits of the softmax loss
        cos = emb_unit @ c_unit.t()           # angle to every unit centre
        scaled = emb @ c_unit.t()             # |f| cos(f, c)
        return {
            "pooled": pooled,
            "emb": emb,
            "emb_len": emb_len,
            "dotproduct_fea2cen": dot,
            "cosine_fea2cen": cos,
            "normweight_fea2cen": scaled,
            "energy": torch.logsumexp(scaled, dim=1),
            "pnorm": scaled.norm(p=self.p, dim=1),
            "centroids": self.centres,
        }


if __name__ == "__main__":
    net = OpenSetNet("ResNet18", num_classes=10, embed_dim=64)
    for k, v in net(torch.rand(3, 3, 32, 32)).items():
        print(k, tuple(v.shape))
