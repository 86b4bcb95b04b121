# cosaudit corpus, synthetic file: same shape as yreif/logit_lens/simple_lenses.py at af63fef7ac5c03afec56bf53e2dd4aaf7b52df01 (licence NOASSERTION); new code, no text copied.
"""Two small lenses: the usual logit lens and a reverse lens over the token embedding table."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class LogitLens(nn.Module):
    def __init__(self, head, final_norm=None):
        super().__init__()
        self.head = head
        self.final_norm = final_norm or (lambda x: x)

    @classmethod
    def from_model(cls, model):
        head = getattr(model, "lm_head", None) or getattr(model, "embed_out", None)
        if head is None:
            raise ValueError("no output head found")
        return cls(head, model.model.norm)

    def forward(self, hidden, apply_norm=False):
        return self.head(self.final_norm(hidden) if apply_norm else hidden)


class ReverseLogitLens(nn.Module):
    def __init__(self, embedding):
        super().__init__()
        self.embedding = embedding

    @classmethod
    def from_model(cls, model):
        return cls(model.get_input_embeddings())

    def forward(self, hidden):
        table = self.embedding.weight
        h = F.normalize(hidden, dim=-1)
        rows = F.normalize(table, dim=-1)
        scores = torch.matmul(h, rows.T)
        return scores * 10.0
