# Synthetic rewrite of the shape of mattf1n/basis-aware-threshold:src/basis_aware_sampling/lp.py at 948eb842cc07b94c67e53b6a57d9e3fdec38adda (licence NOASSERTION); not the original text.
"""Shrink the vocabulary-sized support check by keeping the neighbours of one token
and pooling every other token into k-means groups of the output-embedding rows."""
import functools

import numpy as np
import torch
from scipy.cluster import vq


@functools.lru_cache(maxsize=None)
def output_table(checkpoint):
    from transformers import AutoModelForCausalLM
    lm = AutoModelForCausalLM.from_pretrained(checkpoint)
    return lm.get_output_embeddings().weight.detach()          # (vocab, hidden)


def unit_rows(mat, axis):
    return mat / torch.linalg.norm(mat, dim=axis, keepdim=True)


@functools.lru_cache(maxsize=None)
def neighbours_by_score(checkpoint, how_many, tok):
    table = output_table(checkpoint)
    scores = table @ table[tok]                                  # plain inner products
    order = torch.argsort(scores, descending=True)
    order = torch.cat((order[order == tok], order[order != tok]))
    return order[:how_many]


@functools.lru_cache(maxsize=None)
def group_labels(checkpoint, groups, unit=False):
    table = output_table(checkpoint)
    data = unit_rows(table, 1) if unit else table
    _, labels = vq.kmeans2(data.cpu().numpy(), groups, minit="points", seed=0)
    return labels


def reduced_problem(checkpoint, n_vars, tok, p_hat, share=0.5):
    keep = int(n_vars * share)
    near = neighbours_by_score(checkpoint, keep, tok)
    labels = torch.as_tensor(group_labels(checkpoint, n_vars - keep))
    member = labels[None, :] == torch.arange(n_vars - keep)[:, None]
    outside = ~torch.isin(torch.arange(len(labels)), near)
    pool = (member & outside).to(p_hat.dtype)
    pooled_p = pool @ p_hat
    table = output_table(checkpoint)
    pooled_rows = pool @ (table * p_hat[:, None]) / (pooled_p + (pooled_p == 0))[:, None]
    rows = torch.cat((table[near], pooled_rows))
    probs = torch.cat((p_hat[near], pooled_p))
    return rows.numpy(), probs.numpy()
