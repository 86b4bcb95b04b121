# Synthetic rewrite of the shape of E6B3BD/Supermarketsettlement:utils/ArcLoss.py at 22f440fd8966070947cf3049553219730390a4b7 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class AngularMarginHead(nn.Module):
    """Product-recognition head: logits are angles between a sample and each class centre."""

    def __init__(self, embed_dim, n_products):
        super().__init__()
        # one column per product class
        self.centres = nn.Parameter(torch.randn(embed_dim, n_products))

    def forward(self, feats, margin=1.0, scale=10.0):
        unit_feats = F.normalize(feats, dim=1)
        unit_centres = F.normalize(self.centres, dim=0)
        cosines = unit_feats @ unit_centres
        cosines = cosines.clamp(-1.0 + 1e-7, 1.0 - 1e-7)  # keep acos finite
        theta = torch.acos(cosines)
        target_term = torch.exp(scale * torch.cos(theta + margin))
        rest = torch.exp(scale * torch.cos(theta))
        denom = target_term + rest.sum(dim=1, keepdim=True) - rest
        return torch.log(target_term / denom)
