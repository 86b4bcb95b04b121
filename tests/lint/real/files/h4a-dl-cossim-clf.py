# cosaudit corpus, synthetic file: same shape as danelee2601/cosine-similarity-based-classifier/cos_sim_clf.py at eaf740a7d4d94a262c21c5a7673a27600a339197 (licence MIT); new code, no text copied.
import torch
from torch import nn
import torch.nn.functional as F


class Block(nn.Module):
    def __init__(self, cin, cout, k):
        super().__init__()
        self.net = nn.Sequential(nn.Conv1d(cin, cout, k, padding="same"), nn.BatchNorm1d(cout), nn.ReLU())

    def forward(self, x):
        return self.net(x)


class CosineClassifier1D(nn.Module):
    """Time-series encoder with a cosine head (Gidaris & Komodakis style) and a learnable temperature."""

    def __init__(self, in_channels, n_classes, dim=128, scale=10.0):
        super().__init__()
        self.encoder = nn.Sequential(Block(in_channels, 128, 8), Block(128, 256, 5), Block(256, dim, 3))
        self.scale = nn.Parameter(torch.tensor(scale))
        self.prototypes = nn.Parameter(torch.empty(n_classes, dim))
        nn.init.kaiming_uniform_(self.prototypes)

    def forward(self, x, features_only=False):
        z = self.encoder(x).mean(-1)
        if features_only:
            return z
        z_unit = F.normalize(z, dim=1)
        w_unit = F.normalize(self.prototypes, dim=1)
        cos = z_unit @ w_unit.t()          # cosine between each sample and each class prototype
        return self.scale * cos


if __name__ == "__main__":
    print(CosineClassifier1D(1, 10)(torch.randn(4, 1, 100)).shape)
