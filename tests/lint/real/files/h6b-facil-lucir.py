# cosaudit corpus, synthetic file: same shape as mmasana/FACIL/src/approach/lucir.py at e09d2c83320a1aa945a6157d4875437515824dc9 (licence MIT); new code, no text copied.
import torch
import torch.nn as nn
import torch.nn.functional as F


class NormedLinear(nn.Module):
    """LUCIR-style head: logits are sigma times the cosine between feature and class weight"""

    def __init__(self, in_features, out_features, learn_sigma=True):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(out_features, in_features))
        nn.init.normal_(self.weight, std=in_features ** -0.5)
        self.sigma = nn.Parameter(torch.ones(1)) if learn_sigma else None

    def forward(self, x):
        cos = F.linear(F.normalize(x, dim=1), F.normalize(self.weight, dim=1))
        scaled = cos if self.sigma is None else self.sigma * cos
        return {"wsigma": scaled, "wosigma": cos}


def less_forget(features, old_features, lamb):
    """keep new features pointing where the old model's did"""
    target = torch.ones(features.shape[0], device=features.device)
    return lamb * nn.CosineEmbeddingLoss()(features, old_features.detach(), target)
