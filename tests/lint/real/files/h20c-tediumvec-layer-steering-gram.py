# Synthetic rewrite of the shape of Embedding-Space/TediumVectorTinker:models/qwen3-4b-instruct/analyze_cross_layer_coherence.py at 2a2c6cf4e06f3a7458ef5b3722733d4ec983c18b (licence MIT); not the original text.
"""How aligned are the per-layer 'reading level' steering directions with each other?"""
from pathlib import Path

import numpy as np
import torch
from scipy.cluster.hierarchy import linkage
from scipy.spatial.distance import squareform

HERE = Path(__file__).parent
store = torch.load(HERE / "output" / "complexity_vectors.pt")
n_layers = len(store)

# one steering direction per layer, stacked as (layers, hidden)
vectors = np.stack([store[i].float().cpu().numpy().ravel() for i in range(n_layers)])

lengths = np.linalg.norm(vectors, axis=1, keepdims=True)
normalized_vectors = vectors / lengths
cosine_sim_matrix = normalized_vectors @ normalized_vectors.T

iu = np.triu_indices(n_layers, k=1)
off_diag = cosine_sim_matrix[iu]
print(f"mean {off_diag.mean():.3f}  sd {off_diag.std():.3f}  min {off_diag.min():.3f}")

masked = np.where(np.eye(n_layers, dtype=bool), -np.inf, cosine_sim_matrix)
a, b = np.unravel_index(masked.argmax(), masked.shape)
print(f"closest pair of layers: {a} and {b} ({cosine_sim_matrix[a, b]:.3f})")

# mean direction and each layer's agreement with it
centre = normalized_vectors.mean(axis=0)
centre /= np.linalg.norm(centre)
agreement = normalized_vectors @ centre
print("least typical layer:", int(agreement.argmin()))

dist = np.clip(1.0 - cosine_sim_matrix, 0.0, None)
np.fill_diagonal(dist, 0.0)
tree = linkage(squareform(dist, checks=False), method="average")
