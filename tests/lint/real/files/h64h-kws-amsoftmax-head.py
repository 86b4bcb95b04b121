# Synthetic rewrite of the shape of liuli1996/keyword-spotting-research:model_modules.py at 6216f2ffd67b35d05c62ec9f8d96d3d2cf22188b (licence NOASSERTION); not the original text.
"""Building blocks for a small keyword-spotting network with an additive-margin output layer."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class MarginSoftmaxHead(nn.Module):
    """Keyword head whose logits are (scaled) cosines: the embedding arrives unit-length and every
    keyword row is normalised before the product; the true keyword's logit is lowered by a margin."""

    def __init__(self, emb_dim, n_keywords, scale=30.0, margin=0.2):
        super().__init__()
        self.scale, self.margin = scale, margin
        self.rows = nn.Parameter(torch.randn(n_keywords, emb_dim) * 0.01)

    def forward(self, unit_emb, target=None):
        cos = F.linear(unit_emb, F.normalize(self.rows, dim=1))
        shift = torch.zeros_like(cos)
        if target is not None:
            shift.scatter_(1, target.view(-1, 1), self.margin)
        return self.scale * (cos - shift)


class SeparableConv(nn.Module):
    """Depthwise conv followed by a pointwise conv, each with batch norm and ReLU."""

    def __init__(self, c_in, c_out, kernel, padding=0):
        super().__init__()
        self.depthwise = nn.Sequential(
            nn.Conv2d(c_in, c_in, kernel, padding=padding, groups=c_in, bias=False),
            nn.BatchNorm2d(c_in), nn.ReLU())
        self.pointwise = nn.Sequential(
            nn.Conv2d(c_in, c_out, 1, bias=False), nn.BatchNorm2d(c_out), nn.ReLU())

    def forward(self, x):
        return self.pointwise(self.depthwise(x))


class TinyKWSNet(nn.Module):
    def __init__(self, n_keywords, width=45):
        super().__init__()
        self.stem = nn.Conv2d(1, width, 3, padding=1, bias=False)
        self.block = SeparableConv(width, width, 3, padding=1)
        self.head = MarginSoftmaxHead(width, n_keywords)

    def forward(self, spec, target=None):
        h = self.block(F.relu(self.stem(spec)))
        emb = F.normalize(h.flatten(2).mean(-1), dim=1)
        return self.head(emb, target), emb
