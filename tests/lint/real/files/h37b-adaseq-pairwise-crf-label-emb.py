# Synthetic rewrite of the shape of modelscope/AdaSeq:adaseq/modules/decoders/pairwise_crf.py at f7dbb926cce1038034bfbe27de101a03a8abd1f1 (licence Apache-2.0); not the original text.
import numpy as np
import torch
from torch import nn


def type_name_vectors(type_names, glove, dim=300):
    """Average the GloVe vectors of the words in each entity-type name."""
    rows = []
    for name in type_names:
        words = [w for w in name.replace('_', ' ').split() if w in glove]
        rows.append(np.mean([glove[w] for w in words], 0) if words else np.zeros(dim))
    return torch.tensor(np.stack(rows), dtype=torch.float)


class TypeCorrelationCRF(nn.Module):
    """Mean-field refinement of per-type sigmoid logits using type-name embeddings."""

    def __init__(self, type_names, glove, scale=20, steps=3):
        super().__init__()
        emb = type_name_vectors(type_names, glove)
        self.type_emb = nn.Parameter(emb / scale)
        d = emb.size(1)
        self.view_a = nn.Sequential(nn.Linear(d, d, bias=False), nn.Tanh())
        self.view_b = nn.Sequential(nn.Linear(d, d, bias=False), nn.Tanh())
        self.steps = steps

    def forward(self, logits):                       # [batch, n_types]
        zeros = torch.zeros_like(logits)
        q = torch.stack([zeros, logits]).softmax(0)  # 2 x batch x n_types
        a = self.view_a(self.type_emb)               # n_types x d
        b = self.view_b(self.type_emb)
        for _ in range(self.steps):
            # pairwise term: penalise when two similar label (by name) take different labels.
            msg = (q[1] @ a) @ b.T                   # batch x n_types
            on = logits + msg
            q = torch.stack([zeros, on]).softmax(0)
        return on
