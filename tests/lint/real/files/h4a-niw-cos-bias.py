# cosaudit corpus, synthetic file: same shape as JackyLiu47/NIW/memeblip_pythonver/CosineClassifierWithBias.py at 44082b94eba358c621619c3f8eb9772633e86f09 (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn as nn
import torch.nn.functional as F


class CosineHeadWithBias(nn.Module):
    """cosine(input, class weight) + per-class bias"""

    def __init__(self, in_dim, n_classes):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(n_classes, in_dim))
        self.bias = nn.Parameter(torch.zeros(n_classes))

    def forward(self, x):
        cos = F.normalize(x, dim=1) @ F.normalize(self.weight, dim=1).T
        return cos + self.bias

    def load_weight(self, w):
        with torch.no_grad():
            self.weight.copy_(w)


class MLPHead(nn.Module):
    def __init__(self, in_dim, n_classes):
        super().__init__()
        self.net = nn.Sequential(nn.LayerNorm(in_dim), nn.GELU(), nn.Dropout(0.2), nn.Linear(in_dim, n_classes))

    def forward(self, x):
        return self.net(x)
