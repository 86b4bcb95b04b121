# Synthetic rewrite of the shape of massimilianoviola/gpt2-unraveled:1_explore_embeddings.py at dec88ebc9af391aa2c86225182f026817015aa84 (licence MIT); not the original text.
import numpy as np
import matplotlib.pyplot as plt
import seaborn as sns
from sklearn.decomposition import PCA
from sklearn.neighbors import NearestNeighbors
from sklearn.metrics.pairwise import cosine_similarity
from transformers import GPT2Model

gpt = GPT2Model.from_pretrained("gpt2")
tok_table = gpt.wte.weight.detach()   # token table, one row per vocabulary entry
position_embeddings = gpt.wpe.weight.detach()   # learned absolute positions

# global spread of the token table
full_pca = PCA().fit(tok_table)
global_curve = np.cumsum(full_pca.explained_variance_ratio_)

# local spread: Euclidean neighbourhoods around random tokens
knn = NearestNeighbors(n_neighbors=500).fit(tok_table)
rng = np.random.default_rng(0)
local_curves = []
for _ in range(8):
    anchor = tok_table[rng.integers(tok_table.shape[0])]
    _, idx = knn.kneighbors(anchor.reshape(1, -1))
    patch = tok_table[idx[0]]
    local_curves.append(np.cumsum(PCA().fit(patch).explained_variance_ratio_))

# similarity structure of the position table only
pos_sim = cosine_similarity(position_embeddings)  # (n_positions, n_positions)

fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4))
left.plot(global_curve, label="all tokens")
for curve in local_curves:
    right.plot(curve, alpha=0.5)
sns.heatmap(pos_sim, cmap="coolwarm")
plt.savefig("position_similarity.png", dpi=200)
