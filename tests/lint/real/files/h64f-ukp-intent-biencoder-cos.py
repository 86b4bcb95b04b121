# Synthetic rewrite of the shape of UKPLab/eacl2023-few-shot-intent-classification:encoder.py at 9489edfe30b3a612abd5a0bf49aafb7fc33e8f34 (licence Apache-2.0); not the original text.
import torch
import torch.nn as nn
from transformers import AutoModel, AutoTokenizer


def squared_euclidean(a, b):
    return (a.unsqueeze(1) - b.unsqueeze(0)).pow(2).sum(-1)


def unit_cosine(a, b):
    a = a / a.norm(dim=1, keepdim=True)
    b = b / b.norm(dim=1, keepdim=True)
    return a @ b.T


class UtteranceEncoder(nn.Module):
    def __init__(self, name="bert-base-uncased", pooling="cls"):
        super().__init__()
        self.tok = AutoTokenizer.from_pretrained(name)
        self.bert = AutoModel.from_pretrained(name)
        self.pooling = pooling

    def embed(self, texts):
        batch = self.tok(texts, padding=True, truncation=True, return_tensors="pt")
        out = self.bert(**batch)
        if self.pooling == "cls":
            return out.pooler_output
        m = batch["attention_mask"].unsqueeze(-1).float()
        return (out.last_hidden_state * m).sum(1) / m.sum(1)


class PairScorer(nn.Module):
    """Bi-encoder for episodic few-shot intent detection: query vs each support utterance."""

    def __init__(self, encoder):
        super().__init__()
        self.encoder = encoder

    def score(self, queries, supports):
        z = self.encoder.embed(list(queries) + list(supports))
        zq, zs = z[: len(queries)], z[len(queries) :]
        return unit_cosine(zq, zs).reshape(-1, 1)

    def pair_features(self, queries, supports):
        z = self.encoder.embed(list(queries) + list(supports))
        zq, zs = z[: len(queries)], z[len(queries) :]
        a = zq.unsqueeze(1).expand(-1, zs.size(0), -1)
        b = zs.unsqueeze(0).expand(zq.size(0), -1, -1)
        return torch.cat([(a - b).abs(), a * b], dim=-1).reshape(-1, 2 * z.size(-1))
