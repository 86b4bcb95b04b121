# Synthetic rewrite of the shape of saurabhsharma1993/prototype-classifier-ltr:models/NcmClassifier.py at f1937e505ba81e37fab924ee847ee7364a1db793 (licence MIT); not the original text.
import torch
import torch.nn as nn


class CentroidDistanceHead(nn.Module):
    """Nearest-class-mean style head: scores are minus a scaled Euclidean distance
    between a feature and learnable class centroids (initialised from class means)."""

    def __init__(self, n_classes=100, dim=64):
        super().__init__()
        self.n_classes = n_classes
        self.dim = dim
        # one temperature per feature channel
        self.scale = nn.Parameter(torch.ones(dim))

    def forward(self, feats, centres, spreads=None, stage="train"):
        diff = (feats.unsqueeze(1) - centres.unsqueeze(0)) / self.scale.view(1, 1, -1)
        dist = diff.pow(2).sum(dim=-1).sqrt()
        return -0.5 * dist, None


@torch.no_grad()
def initial_centres(backbone, loader, n_classes, dim):
    sums = torch.zeros(n_classes, dim)
    counts = torch.zeros(n_classes)
    for x, y in loader:
        f = backbone(x)
        sums.index_add_(0, y, f)
        counts.index_add_(0, y, torch.ones_like(y, dtype=torch.float))
    return sums / counts.clamp(min=1).unsqueeze(1)
