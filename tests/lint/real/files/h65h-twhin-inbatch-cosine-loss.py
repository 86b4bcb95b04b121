# Synthetic rewrite of the shape of matfu-pixel/Comparing-GNN-based-and-ID-based-Item-Embeddings-Web-Scale-Perspective:gnn_utils/losses.py at 5cff88d7887198b7181f62292f9a10670b33a008 (licence Apache-2.0); not the original text.
"""Training objectives for graph / ID item embeddings and the sequence model that consumes them."""
import torch
from torch import nn
import torch.nn.functional as F


class EdgeContrastiveBCE(nn.Module):
    """Edge endpoints should point the same way; all other in-batch pairs should not."""

    def __init__(self, l2: float = 0.0):
        super().__init__()
        self.l2 = l2
        self.log_scale = nn.Parameter(torch.zeros(1))
        self.shift = nn.Parameter(torch.zeros(1))

    def forward(self, heads: torch.Tensor, tails: torch.Tensor):
        b = heads.shape[0]
        cos = F.normalize(heads) @ F.normalize(tails).T  # (b, b) endpoint-vs-endpoint
        pos = cos.diagonal()
        off = cos.masked_select(~torch.eye(b, dtype=torch.bool))
        logits = torch.cat([pos, off]) * self.log_scale.exp() + self.shift
        target = torch.cat([torch.ones_like(pos), torch.zeros_like(off)])
        weight = torch.cat([torch.ones_like(pos), torch.full_like(off, b / (b * b - b))])
        loss = F.binary_cross_entropy_with_logits(logits, target, weight, reduction="sum") / (2 * b)
        penalty = self.l2 * (heads.pow(2).mean() + tails.pow(2).mean())
        return loss, penalty


class InBatchSoftmax(nn.Module):
    def __init__(self):
        super().__init__()
        self.log_t = nn.Parameter(torch.tensor(0.0))

    def forward(self, users: torch.Tensor, items: torch.Tensor):
        t = self.log_t.exp().clamp(0.01, 100.0)
        logits = t * users @ items.T  # both sides arrive L2-normalised from the encoders
        return -F.log_softmax(logits, dim=1).diagonal().mean()
