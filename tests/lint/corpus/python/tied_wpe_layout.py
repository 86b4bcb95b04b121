"""Token-geometry helpers of a small GPT trained with nanoGPT's layout: the helpers never name the
model, but they reach its learned-position table by GPT-2's own name (`transformer.wpe`), so the
`transformer.wte` rows they compare are a tied table with learned positions beside it: the head's
rows, fixed only up to a translation the positions absorb.

Shape seen in public interpretability helpers of small task GPTs; written for cosaudit's tests.
"""
import matplotlib.pyplot as plt
import numpy as np
import torch
from sklearn.metrics.pairwise import cosine_similarity


def token_and_position_vectors(model, ids):
    pos = torch.arange(ids.shape[1])
    return model.transformer.wte(ids), model.transformer.wpe(pos)


def token_similarity_heatmap(model, names):
    table = model.transformer.wte.weight.detach().cpu().numpy()
    sims = cosine_similarity(table)  # expect: COS150
    plt.imshow(sims, cmap="viridis")
    plt.xticks(range(len(names)), names)
    return sims


def token_distance_table(model):
    table = model.transformer.wte.weight.detach().cpu().numpy()
    return np.linalg.norm(table[:, None] - table[None], axis=-1)
