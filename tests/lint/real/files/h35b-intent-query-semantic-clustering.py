# Synthetic rewrite of the shape of language-org/u2i:intent/notebooks/4a_vp_semantic_similarity.py at 0283668ad5ed6306e45667e683d8d833d6d169b9 (licence NOASSERTION); not the original text.
# %% [markdown]
# Group user queries into candidate intents by semantic similarity, then cut a dendrogram.
# %%
import numpy as np
import pandas as pd
import seaborn as sns
from scipy.cluster import hierarchy
from scipy.cluster.hierarchy import fcluster
from scipy.spatial import distance

from intent_lab.nodes import similarity

# %%
queries = (
    "I'd like a latte",
    "can I get some green tea",
    "block my debit card",
    "reset my card pin",
    "book a flight to Lisbon",
    "find me a hotel in Porto",
)
CUT = 1.8

# %%
sem_sim_matx = pd.DataFrame(similarity.get_semantic_similarity_matrix(queries))
# clean out-of-range and missing entries
sem_sim_matx[(sem_sim_matx < 0) | (sem_sim_matx > 1)] = -0.1
sem_sim_matx = sem_sim_matx.fillna(-1)

# %%
tree = hierarchy.linkage(distance.pdist(sem_sim_matx), method="average")
sns.clustermap(sem_sim_matx, row_linkage=tree, method="average", cmap="vlag")
groups = fcluster(tree, t=CUT, criterion="distance")
pd.DataFrame({"query": queries, "intent_group": groups})
