# Synthetic rewrite of the shape of akaGallo/NLU_project:LAB_09/part_2/model.py at 2eb1a7958672e2dd2ae663f24fab8bf9be60729a (licence NOASSERTION); not the original text.
import numpy as np
import torch
import torch.nn as nn


def cos_between(a, b):
    """Plain cosine of two 1-D numpy vectors."""
    return float(a @ b) / (np.linalg.norm(a) * np.linalg.norm(b))


class RecurrentLM(nn.Module):
    """Word-level LSTM language model; output tying is optional and off by default."""

    def __init__(self, vocab, emb_dim, hid_dim, pad_id=0, tie=False, p_drop=0.25):
        super().__init__()
        if tie:
            hid_dim = emb_dim
        self.pad_id = pad_id
        self.tok = nn.Embedding(vocab, emb_dim, padding_idx=pad_id)
        self.rnn = nn.LSTM(emb_dim, hid_dim, batch_first=False)
        self.drop = nn.Dropout(p_drop)
        self.proj = nn.Linear(hid_dim, vocab)
        if tie:
            self.proj.weight = self.tok.weight

    def forward(self, ids):
        h, _ = self.rnn(self.drop(self.tok(ids)))
        return self.proj(self.drop(h)).permute(0, 2, 1)

    def vector_of(self, token_id):
        return self.tok(token_id).squeeze(0).detach().cpu().numpy()

    def neighbours(self, query, k=10):
        """Rank vocabulary entries by cosine to `query`, skipping the pad row."""
        table = self.tok.weight.detach().cpu().numpy()
        scored = [(i, cos_between(row, query)) for i, row in enumerate(table) if i != self.pad_id]
        scored.sort(key=lambda t: t[1], reverse=True)
        ids = np.array([i for i, _ in scored[:k]])
        vals = np.array([s for _, s in scored[:k]])
        return ids, vals
