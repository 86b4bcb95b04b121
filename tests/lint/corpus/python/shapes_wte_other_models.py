"""The same statistic on GPT-J's `wte` table (rotary positions, untied from the head), read as input
geometry: the name `wte` alone, in a file that names no model tied to its head with learned positions,
does not make the rows a head's, so the file stays quiet.

Written for cosaudit's tests.
"""
import numpy as np
import torch


def mean_pairwise_cos(ids, unit_rows):
    block = unit_rows[ids]
    sims = block @ block.T
    upper = np.triu_indices(len(ids), k=1)
    return float(sims[upper].mean())


def run(model_dir, token_sets):
    state = torch.load(f"{model_dir}/gptj_embeddings.bin", map_location="cpu", weights_only=True)
    table = state["transformer.wte.weight"].float().numpy()
    unit = table / np.linalg.norm(table, axis=1, keepdims=True)
    return {name: mean_pairwise_cos(ids, unit) for name, ids in token_sets.items()}
