"""Mean pairwise cosine of token sets, from gpt2-medium's state dict read for `wte` alone (no model
class, no checkpoint name in a string): the file speaks of GPT-2, and `wte` is GPT-2's own name for its
token table, tied to the head with learned positions beside it, so a translation of the token rows
against the position rows moves these cosines (COS150).

Shapes seen in a public permutation-test script on GPT-2's token table; written for cosaudit's tests.
"""
import numpy as np
import torch


def mean_pairwise_cos(ids, unit_rows):
    block = unit_rows[ids]
    sims = block @ block.T
    upper = np.triu_indices(len(ids), k=1)
    return float(sims[upper].mean())


def run(model_dir, token_sets):
    state = torch.load(f"{model_dir}/pytorch_model.bin", map_location="cpu", weights_only=True)
    table = state["wte.weight"].float().numpy()
    unit = table / np.linalg.norm(table, axis=1, keepdims=True)
    return {name: mean_pairwise_cos(ids, unit) for name, ids in token_sets.items()}  # expect: COS150
