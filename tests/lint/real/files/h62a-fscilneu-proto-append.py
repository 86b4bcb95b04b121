# Synthetic rewrite of the shape of YaziciKaan/FSCIL-NEU:model.py at 63c45bc31779d386c81d822417d8617d39e2537e (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class ScaledCosineHead(nn.Module):
    def __init__(self, dim, n_classes, s=16.0):
        super().__init__()
        self.s = s
        self.W = nn.Parameter(torch.empty(n_classes, dim))
        nn.init.kaiming_normal_(self.W)

    def forward(self, z):
        # logits are cosines between unit features and unit class vectors
        return self.s * (F.normalize(z, dim=1) @ F.normalize(self.W, dim=1).t())

    @torch.no_grad()
    def add_classes_from_prototypes(self, class_means):
        fresh = F.normalize(class_means, dim=1).to(self.W.device)
        self.W = nn.Parameter(torch.cat([self.W.data, fresh], dim=0))


class SurfaceDefectLearner(nn.Module):
    def __init__(self, encoder, dim, n_base, s=16.0):
        super().__init__()
        self.encoder = encoder
        self.head = ScaledCosineHead(dim, n_base, s)

    def forward(self, x):
        return self.head(self.encoder(x))

    def freeze_encoder(self):
        for p in self.encoder.parameters():
            p.requires_grad_(False)
        self.encoder.eval()
