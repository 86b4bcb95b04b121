# Synthetic rewrite of the shape of shung-ich/rec_sandbox:src/rec_sandbox/sasrec.py at b7d51f1ad762b0f849fffeca87e7b645bf97cd5b (licence NOASSERTION); not the original text.
import torch
from torch import nn


class NextItemTransformer(nn.Module):
    """Self-attentive next-item model: the item table scores every catalogue entry."""

    def __init__(self, n_items, seq_cap, width, n_heads, depth, p_drop):
        super().__init__()
        self.n_items = n_items
        self.seq_cap = seq_cap
        self.items = nn.Embedding(n_items, width)
        self.slots = nn.Embedding(seq_cap + 64, width)
        block = nn.TransformerEncoderLayer(width, n_heads, dim_feedforward=4 * width,
                                           dropout=p_drop)
        self.body = nn.TransformerEncoder(block, num_layers=depth)
        self.drop = nn.Dropout(p_drop)
        self.out_proj = nn.Linear(width, n_items)

    def forward(self, seq):
        steps = seq.shape[1]
        where = torch.arange(steps, device=seq.device)[None, :]
        h = self.drop(self.items(seq) + self.slots(where))
        h = self.body(h)
        unused = self.out_proj(h)  # computed, then ignored

        # item table: (n_items, width); scores: (batch, steps, n_items)
        scores = h @ self.items.weight.t()
        return scores
