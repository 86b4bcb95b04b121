# cosaudit corpus, synthetic file: same shape as Sahil-R-Kale/LLM_Unlearn/project_vectors.py at 59cb20242dccc7332eac2c0b700fce7e530149c6 (licence NOASSERTION); new code, no text copied.
import os
import pickle

import numpy as np
import torch
from sklearn.cluster import AgglomerativeClustering
from transformers import GPT2LMHeadModel, GPT2Tokenizer


def mlp_value_vectors(lm):
    """every row of every c_proj: the vectors an MLP neuron adds to the residual stream"""
    rows = [block.mlp.c_proj.weight for block in lm.transformer.h]     # each (d_mlp, d_model)
    return torch.cat(rows, dim=0)


def vocab_projection(lm, tok, values, top=12):
    """read each value vector through the token matrix: which tokens does it promote?"""
    scores = values @ lm.transformer.wte.weight.T                       # (n_values, vocab)
    best = scores.topk(top, dim=-1).indices
    return [[tok.decode([int(t)]) for t in row] for row in best]


def pairwise_cosine_distance(x, eps=1e-8):
    unit = x / x.norm(dim=1, keepdim=True).clamp_min(eps)
    return 1.0 - unit @ unit.T


def cluster_values(distances, n_clusters):
    algo = AgglomerativeClustering(n_clusters=n_clusters, metric="precomputed", linkage="average")
    return algo.fit(distances).labels_


def build_cache(out_dir, lm, n_clusters=200):
    if os.path.exists(os.path.join(out_dir, "clusters.pkl")):
        return
    width = lm.transformer.h[0].mlp.c_proj.weight.size(0)
    index = {k: (k // width, k % width) for k in range(lm.config.n_layer * width)}
    values = mlp_value_vectors(lm).detach().cpu()
    dist = pairwise_cosine_distance(values).numpy()
    labels = cluster_values(dist, n_clusters)
    groups = {c: [] for c in range(n_clusters)}
    for k, c in enumerate(labels):
        groups[c].append(index[k])
    with open(os.path.join(out_dir, "clusters.pkl"), "wb") as fh:
        pickle.dump(groups, fh)


if __name__ == "__main__":
    tok = GPT2Tokenizer.from_pretrained("distilgpt2")
    lm = GPT2LMHeadModel.from_pretrained("distilgpt2").eval()
    with torch.no_grad():
        print(vocab_projection(lm, tok, mlp_value_vectors(lm)[:5]))
        build_cache(".", lm)
