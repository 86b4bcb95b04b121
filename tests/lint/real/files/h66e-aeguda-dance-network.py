# Synthetic rewrite of the shape of SaadH-077/Adaptive-Entropy-Guided-Universal-Domain-Adaptation_AEG-UDA-:Testing Other Adaptation Models/models/network.py at 735a378252d5930a4f64dd977cd9b58ade9fe535 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torchvision.models import resnet50


class Backbone(nn.Module):
    """ResNet-50 trunk with its ImageNet head cut off."""

    def __init__(self, use_pretrained=True):
        super().__init__()
        net = resnet50(weights="IMAGENET1K_V2" if use_pretrained else None)
        self.trunk = nn.Sequential(*list(net.children())[:-1])

    def forward(self, images):
        return torch.flatten(self.trunk(images), 1)


class TemperedHead(nn.Module):
    """Bias-free prototype head; logits are scaled cosines (DANCE style)."""

    def __init__(self, n_classes=31, in_dim=2048, tau=0.05):
        super().__init__()
        self.proj = nn.Linear(in_dim, n_classes, bias=False)
        self.tau = tau

    def forward(self, feats, give_features=False):
        if give_features:
            return feats
        unit = F.normalize(feats)
        return self.proj(unit) / self.tau

    @torch.no_grad()
    def renormalise_rows(self):
        rows = self.proj.weight.data
        lengths = rows.norm(p=2, dim=1, keepdim=True)
        self.proj.weight.data = rows / lengths.expand_as(rows)

    def init_rows(self, module):
        module.weight.data.normal_(0.0, 0.1)
