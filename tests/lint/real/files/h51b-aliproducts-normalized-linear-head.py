# Synthetic rewrite of the shape of oxygenman/AliProducts:network/ResNeSt/normalized_linear.py at 585aa9ab34e4bdd609b7d6194b96912665e20c91 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F

CLAMP = 1e-5


class UnitRowHead(nn.Module):
    """Last layer of a product classifier whose logits are cosines: unit features against unit class rows."""

    def __init__(self, feat_dim, n_classes):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(n_classes, feat_dim))
        nn.init.normal_(self.weight, 0.0, 0.1)

    def forward(self, feats):
        cos = F.linear(F.normalize(feats), F.normalize(self.weight))
        return cos.clamp(-1 + CLAMP, 1 - CLAMP)


# used as the classifier of a ResNeSt backbone; a scaled cross-entropy is applied to these cosines
