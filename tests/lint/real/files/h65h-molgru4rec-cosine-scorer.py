# Synthetic rewrite of the shape of biarne-a/mol-gru4rec:gru4rec/similarity/cosine_similarity.py at eb0b5deb80a8a7838f9aaab52d4cc447b3c6634d (licence NOASSERTION); not the original text.
"""Scoring module for a session recommender: next-item logits as cosines (one of several selectable scorers)."""
import torch
import torch.nn.functional as F
from torch import nn


class ScorerBase(nn.Module):
    """Maps (session queries, candidate item vectors) to logits plus auxiliary losses."""


class AngularScorer(ScorerBase):
    def forward(self, queries: torch.Tensor, items: torch.Tensor, **unused):
        q = F.normalize(queries, p=2, dim=-1)
        v = F.normalize(items, p=2, dim=-1)
        logits = q @ v.T  # these cosines are the logits the cross-entropy is trained on
        return logits, {}


class SessionModel(nn.Module):
    def __init__(self, n_items: int, dim: int, scorer: ScorerBase):
        super().__init__()
        self.items = nn.Embedding(n_items, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.scorer = scorer

    def forward(self, sessions: torch.Tensor, targets: torch.Tensor):
        h, _ = self.rnn(self.items(sessions))
        logits, aux = self.scorer(h[:, -1], self.items.weight)
        return F.cross_entropy(logits, targets) + sum(aux.values(), torch.tensor(0.0))
