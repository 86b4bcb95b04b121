# expect: COS301
"""FAISS searching its own normalised rows in batches (`index.search(unit[lo:hi], k)`) from inside
a helper that is given the head: a nearest-neighbour list of labels by cosine. The look-alike:
hidden states searched against the raw rows (the maximum logit) stays quiet.

Shapes seen in public scripts; written for cosaudit's tests.
"""
import faiss
import numpy as np
import torch
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


# %% a routing layer built on the head: hidden states searched in batches over unit rows (cosine lens)
class FaissRoutedHead(torch.nn.Module):
    def __init__(self, weight, top_k=32):
        super().__init__()
        self.top_k = top_k
        self.weight = weight.detach().cpu()
        self.index = faiss.IndexFlatL2(self.weight.shape[1])  # L2 over unit rows ranks like the cosine
        unit_np = np.ascontiguousarray(self.weight.numpy().astype("float32"))
        faiss.normalize_L2(unit_np)
        self.index.add(unit_np)

    def forward(self, x):
        x_np = x.detach().cpu().numpy().astype("float32")
        faiss.normalize_L2(x_np)
        found = []
        for i in range(0, x_np.shape[0], 32):
            _, ids = self.index.search(x_np[i : i + 32], self.top_k)  # expect: COS120
            found.append(ids)
        return found


routed_head = FaissRoutedHead(model.lm_head.weight)


class FaissRoutedMLP(torch.nn.Module):  # the same routing over an MLP layer's rows: no label rows
    def __init__(self, weight, top_k=32):
        super().__init__()
        self.index = faiss.IndexFlatIP(weight.shape[1])
        unit_np = np.ascontiguousarray(weight.detach().numpy())
        faiss.normalize_L2(unit_np)
        self.index.add(unit_np)

    def forward(self, x):
        x_np = x.detach().numpy()
        return self.index.search(x_np[:32], 8)


routed_mlp = FaissRoutedMLP(model.transformer.h[0].mlp.c_fc.weight.T)
