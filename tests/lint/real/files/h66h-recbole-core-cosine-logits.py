# Synthetic rewrite of the shape of RUCAIBox/RecBole:recbole/model/sequential_recommender/core.py at 7b02be5ec80a88310f2d04a27a82adfcbb5dc211 (licence MIT); not the original text.
import torch
import torch.nn.functional as F
from torch import nn


class MeanPoolSession(nn.Module):
    """Session encoder that stays in the item space: a weighted mean of item rows."""

    def forward(self, seq, seq_vectors):
        keep = (seq > 0).float()
        weights = keep / keep.sum(dim=-1, keepdim=True)
        return weights.unsqueeze(-1)


class UnifiedSpaceRecommender(nn.Module):
    def __init__(self, num_items, dim=64, tau=0.07, drop_session=0.2, drop_items=0.2):
        super().__init__()
        self.items = nn.Embedding(num_items, dim, padding_idx=0)
        self.pool = MeanPoolSession()
        self.tau = tau
        self.session_drop = nn.Dropout(drop_session)
        self.table_drop = nn.Dropout(drop_items)
        self.criterion = nn.CrossEntropyLoss()

    def encode(self, seq):
        vecs = self.session_drop(self.items(seq))
        weights = self.pool(seq, vecs)
        session = (weights * vecs).sum(dim=1)
        return F.normalize(session, dim=-1)

    def loss(self, seq, target):
        session = self.encode(seq)
        # the scoring table is the item table itself, unit-normalised, so every
        # logit is a cosine divided by a temperature
        table = self.table_drop(self.items.weight)
        table = F.normalize(table, dim=-1)
        logits = session @ table.t() / self.tau
        return self.criterion(logits, target)

    @torch.no_grad()
    def rank_all(self, seq):
        session = self.encode(seq)
        table = F.normalize(self.items.weight, dim=-1)
        return session @ table.t() / self.tau
