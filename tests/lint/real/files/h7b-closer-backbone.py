# cosaudit corpus, synthetic file: same shape as wyharveychen/CloserLookFewShot/backbone.py at 3d6813c1f5d55f2e09be380d342257970fbfd6ae (licence CC-BY-NC-4.0); new code, no text copied.
import torch
import torch.nn as nn
from torch.nn.utils import weight_norm


def init_layer(layer):
    if isinstance(layer, nn.Conv2d):
        n = layer.kernel_size[0] * layer.kernel_size[1] * layer.out_channels
        layer.weight.data.normal_(0, (2.0 / n) ** 0.5)
    elif isinstance(layer, nn.BatchNorm2d):
        layer.weight.data.fill_(1)
        layer.bias.data.fill_(0)


class CosineHead(nn.Module):
    """Baseline++ head: scaled cosine between the feature and each class vector."""

    def __init__(self, in_dim, n_way, learn_norms=True):
        super().__init__()
        self.proj = nn.Linear(in_dim, n_way, bias=False)
        self.learn_norms = learn_norms
        if learn_norms:
            weight_norm(self.proj, "weight", dim=0)
        self.scale = 2.0 if n_way <= 200 else 10.0

    def forward(self, feats):
        unit = feats / (feats.norm(p=2, dim=1, keepdim=True) + 1e-5)
        if not self.learn_norms:
            w = self.proj.weight.data
            self.proj.weight.data = w / (w.norm(p=2, dim=1, keepdim=True) + 1e-5)
        cos = self.proj(unit)
        return self.scale * cos


class ConvBlock(nn.Module):
    def __init__(self, c_in, c_out, pool=True):
        super().__init__()
        layers = [nn.Conv2d(c_in, c_out, 3, padding=1), nn.BatchNorm2d(c_out), nn.ReLU(inplace=True)]
        if pool:
            layers.append(nn.MaxPool2d(2))
        self.body = nn.Sequential(*layers)
        for m in self.body:
            init_layer(m)

    def forward(self, x):
        return self.body(x)


class Conv4(nn.Module):
    def __init__(self, flatten=True):
        super().__init__()
        self.trunk = nn.Sequential(ConvBlock(3, 64), ConvBlock(64, 64), ConvBlock(64, 64), ConvBlock(64, 64))
        self.flatten = flatten
        self.final_feat_dim = 1600

    def forward(self, x):
        out = self.trunk(x)
        return out.flatten(1) if self.flatten else out


class BaselinePlusPlus(nn.Module):
    def __init__(self, n_classes):
        super().__init__()
        self.backbone = Conv4()
        self.classifier = CosineHead(self.backbone.final_feat_dim, n_classes)

    def forward(self, x):
        return self.classifier(self.backbone(x))
