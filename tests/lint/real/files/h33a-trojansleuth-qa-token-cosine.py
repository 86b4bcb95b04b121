# Synthetic rewrite of the shape of peratonlabs/Iliad-TrojanSleuth:Version_3.0/trojan_detector.py at 5aadaad78078a76f64e8444e4b471f45a215a242 (licence MIT); not the original text.
"""Trigger search for transformer QA / NER models: relax trigger tokens to continuous
embeddings, then snap each one back to the most similar vocabulary embedding."""
import copy

import numpy as np
import torch


def word_embedding_table(model):
    hits = [m for name, m in model.named_modules() if name.endswith("embeddings.word_embeddings")]
    assert len(hits) == 1
    return copy.deepcopy(hits[0].weight).detach().cpu()


def averaged_tables(model_groups):
    out = {}
    for group, models in model_groups.items():
        tables = [word_embedding_table(m) for m in models]
        out[group] = torch.stack(tables).mean(dim=0)
    return out


def snap_to_vocab(relaxed, embedding_dict, norms, banned):
    """Return index and row of the vocabulary entry closest in angle to `relaxed`."""
    n1 = np.linalg.norm(relaxed)
    best_i, largest_dist = -1, -1.0
    for dict_i in range(embedding_dict.shape[0]):
        if dict_i in banned:
            continue
        dict_embedding = embedding_dict[dict_i]
        dist = np.dot(relaxed, dict_embedding) /n1 /norms[dict_i]
        if dist > largest_dist:
            best_i, largest_dist = dict_i, dist
    return best_i, embedding_dict[best_i]


def prepare(clean_models, token_range):
    table = averaged_tables({"clean": clean_models})["clean"][token_range, :].numpy()
    norms = np.linalg.norm(table, axis=1)
    return table, norms
