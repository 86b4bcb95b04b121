# Synthetic rewrite of the shape of thunlp/OpenPrompt:openprompt/prompts/prototypical_verbalizer.py at f6fb080ef755c37c01b7959e7560d007049510e8 (licence Apache-2.0); not the original text.
"""Prototype-based answer mapping for prompt tuning: each class gets a learned prototype, and the
class score is the angle between a projected [MASK] state and that prototype."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class PrototypeAnswerHead(nn.Module):
    def __init__(self, hidden_size, n_classes, proj_dim=64, lr=1e-3):
        super().__init__()
        self.head = nn.Linear(hidden_size, proj_dim, bias=False)
        protos = torch.empty(n_classes, proj_dim)
        nn.init.xavier_uniform_(protos)
        self.proto = nn.Parameter(protos)
        self.opt = torch.optim.Adam(list(self.head.parameters()) + [self.proto], lr=lr)
        self.n_classes = n_classes

    @staticmethod
    def sim(a, b):
        return F.normalize(a, dim=-1) @ F.normalize(b, dim=-1).T

    def process_hiddens(self, hiddens):
        proto_logits = self.sim(self.head(hiddens), self.proto)
        return proto_logits

    def contrastive_loss(self, z):
        """z: (n_per_class, n_classes, proj_dim) projected [MASK] states grouped by class."""
        s = torch.exp(self.sim(z, self.proto))
        loss = 0.0
        for c in range(z.shape[1]):
            pos = torch.diagonal(s[:, c, :])
            neg = s[:, c, :].sum(1) - pos
            loss = loss - torch.log(pos / (pos + neg)).sum()
        return loss / (z.shape[1] * self.n_classes ** 2)

    @staticmethod
    def standardise(x):
        return (x - x.mean(-1, keepdim=True)) / x.std(-1, keepdim=True)

    def combine(self, word_logits, proto_logits):
        """Average the label-word scores and the prototype scores after per-row standardising."""
        both = torch.stack([self.standardise(word_logits), self.standardise(proto_logits)], 1)
        return both.mean(1)
