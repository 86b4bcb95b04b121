# Synthetic rewrite of the shape of makgyver/fluke:fluke/algorithms/fednh.py at a0bd26ab488fe97fd3b682f506ce2e6896be3041 (licence LGPL-2.1); not the original text.
import torch
from torch import nn
from torch.nn import functional as F


class PrototypeHead(nn.Module):
    """Encoder followed by fixed, orthogonally initialised class prototypes; the logits are
    the scaled cosines between the unit-length embedding and each prototype."""

    def __init__(self, encoder: nn.Module, n_classes: int, dim: int):
        super().__init__()
        self.encoder = encoder
        self.prototypes = nn.Parameter(torch.nn.init.orthogonal_(torch.empty(n_classes, dim)),
                                       requires_grad=False)
        self.temperature = nn.Parameter(torch.tensor(1.0))

    def forward(self, x):
        z = self.encoder(x)
        z = z / z.norm(p=2, dim=1, keepdim=True).clamp(min=1e-12)
        logits = torch.matmul(z, self.prototypes.T)
        return z, self.temperature * logits


def server_merge_prototypes(model, client_protos, rho=0.9):
    """Similarity-weighted average of the clients' class prototypes, then re-normalised."""
    current = model.prototypes.data.clone()
    weights = torch.stack([torch.exp((current * p).sum(dim=1)) for p in client_protos]).T
    merged = current.clone()
    for c in range(current.shape[0]):
        stacked = torch.stack([p[c] for p in client_protos])
        merged[c] = merged[c] + (weights[c].unsqueeze(1) * stacked).sum(dim=0)
    merged = merged / weights.sum(dim=1, keepdim=True)
    merged = F.normalize(merged, dim=1)
    model.prototypes.data = F.normalize((1 - rho) * merged + rho * model.prototypes.data, dim=1)
