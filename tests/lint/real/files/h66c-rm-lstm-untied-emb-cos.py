# Synthetic rewrite of the shape of RubenMalacarne/NLU_Assignment:LM/part_2/model.py at 25e49aa4224dffd97c676a75bab6e0bfddc2532e (licence NOASSERTION); not the original text.
import numpy as np
import torch
from torch import nn


def cos_sim(a, b):
    return float(np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b)))


class RecurrentLM(nn.Module):
    """Word-level LSTM language model; sharing the input table with the softmax
    layer is an option that is off unless asked for."""

    def __init__(self, emb_dim, hid_dim, vocab, share_table=False, pad_id=0,
                 p_emb=0.1, p_out=0.1, layers=1):
        super().__init__()
        self.lookup = nn.Embedding(vocab, emb_dim, padding_idx=pad_id)
        self.drop_in = nn.Dropout(p_emb)
        self.pad_id = pad_id
        self.rnn = nn.LSTM(emb_dim, hid_dim, layers)
        self.proj = nn.Linear(hid_dim, vocab)
        if share_table:
            self.proj.weight = self.lookup.weight
        self.drop_out = nn.Dropout(p_out)
        self.proj = nn.Linear(hid_dim, vocab)          # the projection is built again here

    def forward(self, ids):
        states, _ = self.rnn(self.drop_in(self.lookup(ids)))
        return self.proj(self.drop_out(states)).permute(0, 2, 1)

    def vector_of(self, ids):
        return self.lookup(ids).squeeze(0).detach().cpu().numpy()

    def nearest_words(self, query, k=10):
        table = self.lookup.weight.detach().cpu().numpy()
        sims = np.asarray([cos_sim(row, query) for i, row in enumerate(table) if i != self.pad_id])
        best = np.argsort(sims)[::-1][:k]
        return best, sims[best]
