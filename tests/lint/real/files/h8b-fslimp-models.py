# cosaudit corpus, synthetic file: same shape as mbsariyildiz/fsl-imprinted-weights/src/models.py at d58cb3c6b4484e616056d0cd93b66ab78f058c16 (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn as nn
import torch.nn.functional as F
import torchvision


class Backbone(nn.Module):
    def __init__(self):
        super().__init__()
        net = torchvision.models.resnet50(weights="IMAGENET1K_V2")
        self.body = nn.Sequential(*list(net.children())[:-1])

    def forward(self, x):
        return self.body(x).flatten(1)


class Embed(nn.Module):
    def __init__(self, dim=64, unit=True):
        super().__init__()
        self.proj, self.unit = nn.Linear(2048, dim), unit

    def forward(self, x):
        x = self.proj(x)
        return F.normalize(x, dim=1) if self.unit else x


class Head(nn.Module):
    def __init__(self, n_classes, dim=64, unit=True):
        super().__init__()
        self.fc = nn.Linear(dim, n_classes, bias=False)
        self.unit = unit

    def forward(self, x):
        if not self.unit:
            return self.fc(x)
        w = F.normalize(self.fc.weight, dim=1, p=2)
        return F.linear(x, w)


class ImprintNet(nn.Module):
    def __init__(self, n_classes=100, dim=64, unit=True, learn_scale=True):
        super().__init__()
        self.backbone, self.embed = Backbone(), Embed(dim, unit)
        self.head = Head(n_classes, dim, unit)
        self.scale = nn.Parameter(torch.tensor([10.0])) if learn_scale else None

    def features(self, x):
        return self.embed(self.backbone(x))

    def forward(self, x):
        out = self.head(self.features(x))
        return self.scale * out if self.scale is not None else out
