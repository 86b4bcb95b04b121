# expect: COS301
"""Module-level switches: a step guarded by a switch set once to False never runs, so FAISS's
inner-product search over the raw head rows is the maximum logit (quiet); the same step under a
switch set to True normalises the rows first (a cosine lens).

Shapes seen in public routing benchmarks; written for cosaudit's tests.
"""
import faiss
import numpy as np

normalize = False  # normalise if using inner product
use_ip = True
rank_by_angle = True

W = model.lm_head.weight.detach().float().numpy()
if normalize and use_ip:
    faiss.normalize_L2(W)
index = faiss.IndexFlatIP(W.shape[1])
index.add(W)
_, top = index.search(hidden_states, 8)

U = model.lm_head.weight.detach().float().numpy().copy()
if rank_by_angle:
    faiss.normalize_L2(U)
unit_index = faiss.IndexFlatIP(U.shape[1])
unit_index.add(U)
_, near = unit_index.search(query_states, 8)  # expect: COS120
