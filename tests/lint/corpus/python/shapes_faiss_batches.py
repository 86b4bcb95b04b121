# expect: COS301
"""FAISS searching its own normalised rows in batches (`index.search(unit[lo:hi], k)`) from inside
a helper that is given the head: a nearest-neighbour list of labels by cosine. The look-alike:
hidden states searched against the raw rows (the maximum logit) stays quiet.

Shapes seen in public scripts; written for cosaudit's tests.
"""
import faiss
import numpy as np
from transformers import AutoModelForCausalLM

model = AutoModelForCausalLM.from_pretrained("org/causal-lm")


def label_neighbours(rows, k, batch=2048):
    unit = rows / np.linalg.norm(rows, axis=1, keepdims=True)
    index = faiss.IndexFlatIP(unit.shape[1])
    index.add(unit)
    out = []
    for lo in range(0, unit.shape[0], batch):
        _, ids = index.search(unit[lo : lo + batch], k)  # expect: COS103
        out.append(ids)
    return np.concatenate(out)


def max_logit_tokens(rows, hidden, k):
    index = faiss.IndexFlatIP(rows.shape[1])
    index.add(rows)
    return index.search(hidden[:64], k)


W = model.lm_head.weight.detach().numpy()
nbrs = label_neighbours(W, 10)  # expect: COS101
best = max_logit_tokens(W, np.load("hidden.npy"), 5)
