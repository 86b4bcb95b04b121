# Synthetic rewrite of the shape of marekkles/DP:lightning/metrics/lineardecoder.py at e9f12339655cc8561f1285291e0e68fbd1b5bd4b (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F
from torch import nn


class AngularHead(nn.Module):
    """Margin-ready head whose logits are cosines between embeddings and class centres."""

    def __init__(self, dim_in, n_ids, scale=30.0, margin=0.5):
        super().__init__()
        self.dim_in = dim_in
        self.n_ids = n_ids
        self.centres = nn.Parameter(torch.empty(n_ids, dim_in))
        nn.init.xavier_uniform_(self.centres)

    def forward(self, emb, target):
        logits = F.linear(F.normalize(emb), F.normalize(self.centres))
        return logits
