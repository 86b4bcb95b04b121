# cosaudit corpus, synthetic file: same shape as ademyanchuk/Shopee/shopee/models.py at 07d06a93bd4b660045d0adf16b1209f7561754b3 (licence unknown); new code, no text copied.
import timm
import torch
from torch import nn
from torch.nn import functional as F


def make_backbone(arch, pretrained, pool, drop_rate, bn_momentum, **kw):
    net = timm.create_model(arch, pretrained=pretrained, drop_rate=drop_rate, **kw)
    net.reset_classifier(0, global_pool=pool)
    for m in net.modules():
        if isinstance(m, nn.BatchNorm2d):
            m.momentum = bn_momentum
    return net


class ArcMarginHead(nn.Module):
    def __init__(self, dim, n_classes):
        super().__init__()
        self.W = nn.Parameter(torch.empty(dim, n_classes))
        nn.init.xavier_normal_(self.W)

    def forward(self, x):
        x_n = F.normalize(x)
        w_n = F.normalize(self.W, dim=0)
        return x_n @ w_n


class MatchingNet(nn.Module):
    def __init__(self, n_classes, cfg, pretrained):
        super().__init__()
        self.backbone = make_backbone(cfg["arch"], pretrained, cfg["global_pool"], cfg["drop_rate"],
                                      cfg["bn_momentum"], **cfg["model_kwargs"])
        width = self.backbone.num_features * (2 if cfg["global_pool"] == "catavgmax" else 1)
        self.neck = nn.Sequential(nn.BatchNorm1d(width), nn.Dropout(cfg["drop_rate"]),
                                  nn.Linear(width, cfg["embed_size"]), nn.BatchNorm1d(cfg["embed_size"]))
        self.margin = ArcMarginHead(cfg["embed_size"], n_classes)

    def forward(self, x):
        emb = self.neck(self.backbone(x))
        if self.training:
            return self.margin(emb)
        return F.normalize(emb)
