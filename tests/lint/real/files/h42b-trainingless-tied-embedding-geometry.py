# Synthetic rewrite of the shape of vkawasth/Trainingless-Transformer-NoGradientDescent:embedding_geometry.py at 4d33386f6eae37dfb97d8b23539fc0dff124e245 (licence NOASSERTION); not the original text.
"""Geometry of a small tied-embedding LM's token table: SVD, key alignment, clusters."""
import numpy as np
import torch
from sklearn.cluster import KMeans

from tiny_lm import TinyLM, sample_batch, VOCAB, LAYER_OF_INTEREST

lm = TinyLM()              # token table te (learned positions pe); head.weight = te.weight
lm.load_state_dict(torch.load("teacher.pt"))
table = lm.te.weight.data.clone()          # vocab x d, shared with the output head

counts = torch.zeros(VOCAB)
for _ in range(500):
    _, tgt = sample_batch()
    counts += torch.bincount(tgt.flatten(), minlength=VOCAB)
freq = counts / counts.sum()

# frequency-weighted SVD of the table (no normalisation of rows)
weighted = (freq.sqrt().unsqueeze(1) * table).numpy()
_, svals, right = np.linalg.svd(weighted, full_matrices=False)

# how much does one attention key map keep each dominant direction?
key_w = lm.blocks[LAYER_OF_INTEREST].attn.WK.weight.data.numpy()
for j in range(8):
    d = right[j]
    mapped = key_w @ d
    align=float(np.dot(mapped,d))/(np.linalg.norm(mapped)*np.linalg.norm(d)+1e-10)
    print(f"direction {j}: sv={svals[j]:.3f} key alignment={align:+.3f}")

# Euclidean clusters among the most frequent rows
frequent = table[freq.argsort(descending=True)[:400]].numpy()
for k in (2, 4, 6, 8):
    km = KMeans(n_clusters=k, n_init=5, random_state=0).fit(frequent)
    print(k, round(km.inertia_, 2))
