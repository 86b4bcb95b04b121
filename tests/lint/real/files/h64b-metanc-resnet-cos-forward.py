# Synthetic rewrite of the shape of qihangran/metaNC-FSCIL:src/lib/embeddings/resnet.py at ae2b9e938b922859e10454133c59997b4f4b9eea (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class SmallResNet(nn.Module):
    def __init__(self, trunk, feat_dim=512, n_out=128, scale=16.0):
        super().__init__()
        self.trunk = trunk
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(feat_dim, n_out)
        self.scale = scale

    def embed(self, x):
        return torch.flatten(self.pool(self.trunk(x)), 1)

    def forward(self, x):
        return self.fc(self.embed(x))

    def forward_angular(self, x):
        """Alternative scoring path: scaled cosine of the embedding against each output row."""
        z = self.embed(x)
        scores = F.linear(F.normalize(z, p=2, dim=-1), F.normalize(self.fc.weight, p=2, dim=-1))
        return self.scale * scores
