"""Distances between unit rows are functions of their cosines (|a - b|² = 2 - 2 cos): written out
(`np.sqrt(np.sum((U - U[i]) ** 2, axis=1))`), and through a nearest-neighbour helper given unit rows
of a tied token table with learned positions (COS150). Quiet: the same helper and the same sum given
raw rows, whose distances a shared translation leaves alone.

Shapes seen in public course notebooks on token embeddings; written for cosaudit's tests.
"""
import numpy as np
from transformers import BertModel, BertTokenizer, GPT2Model

gpt_rows = GPT2Model.from_pretrained("gpt2").wte.weight.detach().numpy()
bert_rows = BertModel.from_pretrained("bert-base-uncased").embeddings.word_embeddings.weight.detach().numpy()
tok = BertTokenizer.from_pretrained("bert-base-uncased")


def knn(rows, idx, k=15):
    dist = np.linalg.norm(rows - rows[idx], axis=1)
    return np.argsort(dist)[:k]


gpt_unit = gpt_rows / np.linalg.norm(gpt_rows, axis=1, keepdims=True)
seed = 1234
spelled_out = np.sqrt(np.sum((gpt_unit - gpt_unit[seed, :]) ** 2, axis=1))  # expect: COS150
print(np.argsort(spelled_out)[:15])

bert_unit = bert_rows / np.linalg.norm(bert_rows, axis=1, keepdims=True)
ring = tok.encode("ring", add_special_tokens=False)[0]
print(knn(bert_unit, ring))  # expect: COS150

# quiet: raw rows, whose distances do not move with a shared translation
print(knn(bert_rows, ring))
raw = np.sqrt(np.sum((gpt_rows - gpt_rows[seed, :]) ** 2, axis=1))
print(np.argsort(raw)[:15])
