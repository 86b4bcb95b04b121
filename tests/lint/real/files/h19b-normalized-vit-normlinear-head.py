# Synthetic rewrite of the shape of lucidrains/vit-pytorch:vit_pytorch/normalized_vit.py at 69d24fe9e3024c0d4b02761123b8583a24ebed1e (licence MIT); not the original text.
import torch
import torch.nn.functional as F
import torch.nn.utils.parametrize as parametrize
from torch import nn


def unit(t, dim=-1):
    return F.normalize(t, p=2, dim=dim)


class UnitRows(nn.Module):
    def __init__(self, dim=-1):
        super().__init__()
        self.dim = dim

    def forward(self, w):
        return unit(w, self.dim)


class NormLinear(nn.Module):
    """Bias-free linear layer whose weight is re-normalised on every access."""

    def __init__(self, dim_in, dim_out, norm_rows=True):
        super().__init__()
        self.linear = nn.Linear(dim_in, dim_out, bias=False)
        parametrize.register_parametrization(self.linear, "weight", UnitRows(-1 if norm_rows else 0))

    @property
    def weight(self):
        return self.linear.weight

    def forward(self, x):
        return self.linear(x)


class HypersphereViT(nn.Module):
    def __init__(self, *, n_patches, patch_dim, num_classes, dim, blocks):
        super().__init__()
        self.embed = NormLinear(patch_dim, dim, norm_rows=False)
        self.positions = NormLinear(dim, n_patches)
        self.blocks = blocks
        self.alpha = dim ** 0.5
        self.class_gain = nn.Parameter(torch.ones(num_classes))
        # classifier rows live on the unit sphere: logits are scaled cosines
        self.to_pred = NormLinear(dim, num_classes)

    def forward(self, patches):
        x = self.embed(patches)
        x = unit(x + self.positions.weight[: x.shape[-2]])
        for block, rate in self.blocks:
            x = unit(x.lerp(unit(block(x)), rate * self.alpha))
        pooled = x.mean(dim=1)
        logits = self.to_pred(pooled)
        return logits * self.class_gain * self.alpha
