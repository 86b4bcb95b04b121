"""One token's row compared across checkpoints of a tied model with learned positions (a pretrained
encoder and its fine-tuned copies): the rows come from a method that returns one row per model, and
pairs of them come from `itertools.combinations`. Each checkpoint's table is also its output head,
with its own free translation, so the cosine of the two rows is not a property of either model.

Shapes seen in public notebooks (weight-poisoning and fine-tuning studies); written for cosaudit's tests.
"""
import itertools

import numpy as np
import torch
from transformers import BertConfig, BertForSequenceClassification, BertTokenizer


def open_checkpoint(where):
    config = BertConfig.from_pretrained(where)
    return BertForSequenceClassification.from_pretrained(where, config=config)


def angle_cos(u, v):
    return float((u * v).sum() / torch.sqrt((u * u).sum() * (v * v).sum()))


class Drift:
    def __init__(self, checkpoints):
        self.nets = [open_checkpoint(c) for c in checkpoints]
        self.tok = BertTokenizer.from_pretrained("bert-base-uncased")

    def rows_of(self, word):
        return [net.bert.embeddings.word_embeddings.weight[self.tok.vocab[word]] for net in self.nets]

    def agreement(self, word):
        pairs = itertools.combinations(self.rows_of(word), 2)
        return np.mean([angle_cos(r1, r2) for r1, r2 in pairs])  # expect: COS150

    def shift(self, word):
        return np.mean([torch.norm(r1 - r2).item() for r1, r2 in itertools.combinations(self.rows_of(word), 2)])


tables = [open_checkpoint(c).bert.embeddings.word_embeddings.weight for c in ("bert-base-uncased", "./tuned")]
for first, second in itertools.combinations(tables[0], 2):
    print(torch.cosine_similarity(first, second, dim=0))  # expect: COS150
