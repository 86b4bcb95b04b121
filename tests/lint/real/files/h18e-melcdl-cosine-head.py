# Synthetic rewrite of the shape of BlackLik/melcdl-backend:internal/utils/cosine_classifier.py at 8562a2493689ebef4aebf84b5f4857ef9b1ee81b (licence NOASSERTION); not the original text.
import torch
from torch import nn


class ScaledCosineHead(nn.Module):
    """Classification layer whose logits are scaled cosines between the input and one prototype per class."""

    def __init__(self, dim: int, n_classes: int, scale: float = 16.0) -> None:
        super().__init__()
        self.scale = scale
        # one learnable prototype per class, Xavier-initialised
        self.weight = nn.Parameter(torch.empty(n_classes, dim))
        nn.init.xavier_uniform_(self.weight)

    def forward(self, feats: torch.Tensor) -> torch.Tensor:
        # unit-length inputs and unit-length prototypes
        x_norm = nn.functional.normalize(feats, p=2, dim=1)
        w_norm = nn.functional.normalize(self.weight, p=2, dim=1)
        cosine_sim = torch.mm(x_norm, w_norm.t())  # [batch, n_classes], in [-1, 1]
        # the temperature restores a usable logit range for the softmax
        return self.scale * cosine_sim
