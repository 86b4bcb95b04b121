# Synthetic rewrite of the shape of sosier/LLM_Token_Frequency_Feature:find_feature.py at 2076b19cc09d224bcbdcbbe001e0297014f04283 (licence NOASSERTION); not the original text.
import json

import numpy as np
import pandas as pd
import statsmodels.api as sm
import torch
from safetensors import safe_open
from transformers.utils import cached_file


def fetch_tensor(repo_id, key):
    try:
        with open(cached_file(repo_id, "model.safetensors.index.json")) as fh:
            shard = json.load(fh)["weight_map"][key]
    except Exception:
        shard = "model.safetensors"
    with safe_open(cached_file(repo_id, shard), framework="pt") as st:
        return st.get_tensor(key)


def rotate_to_components(table):
    _, _, comps = torch.pca_lowrank(table, q=min(table.shape))
    scores = (table - table.mean(dim=0)) @ comps
    return scores, comps


def frequency_direction(repo_id, counts_json, use_output_side=False):
    counts = pd.read_json(counts_json)
    if repo_id.startswith("gpt2"):
        key = "wte.weight"
    elif use_output_side:
        key = "lm_head.weight"
    else:
        key = "model.embed_tokens.weight"
    table = fetch_tensor(repo_id, key).to(torch.float64)

    scores, comps = rotate_to_components(table)
    target = np.log10(counts["n"] + 1)
    keep = []
    for j in range(scores.shape[1]):
        design = sm.add_constant(scores[:, j].numpy())
        if sm.OLS(target, design).fit().pvalues.iloc[1] <= 0.05 / scores.shape[1]:
            keep.append(j)
    fit = sm.OLS(target, sm.add_constant(scores[:, keep].numpy())).fit()
    direction = (comps[:, keep] * torch.tensor(fit.params[1:].values)).sum(1)
    direction = direction / direction.norm()
    counts["projection"] = (scores[:, keep] @ torch.tensor(fit.params[1:].values)).numpy()
    return direction, counts
