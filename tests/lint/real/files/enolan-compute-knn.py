# cosaudit corpus, synthetic file: same shape as enolan/token-embeddings-knn/build_data/compute_knn.py at b13425b1d7f1dfd09fe78f5bc9af4bd4077e5c36 (licence NOASSERTION); new code, no text copied.
"""Precompute the k nearest tokens of every token, for the input and the output embedding tables."""
import argparse
import json

import faiss
import numpy as np
from huggingface_hub import hf_hub_download
from safetensors import safe_open

TABLES = {
    "input": ["model.embed_tokens.weight", "language_model.model.embed_tokens.weight"],
    "output": ["lm_head.weight", "language_model.lm_head.weight"],
}


def pick_name(available, candidates):
    for name in candidates:
        if name in available:
            return name
    raise KeyError(f"none of {candidates} in checkpoint")


def load_table(repo_id, which):
    index = json.load(open(hf_hub_download(repo_id, "model.safetensors.index.json")))
    name = pick_name(list(index["weight_map"]), TABLES[which])
    shard = hf_hub_download(repo_id, index["weight_map"][name])
    with safe_open(shard, framework="pt") as f:
        return f.get_tensor(name).float().numpy()


def neighbours(table, k):
    unit = table / np.maximum(np.linalg.norm(table, axis=1, keepdims=True), 1e-8)
    unit = unit.astype(np.float32)
    index = faiss.IndexFlatIP(unit.shape[1])
    index.add(unit)
    sims, ids = index.search(unit, k + 1)
    return sims[:, 1:], ids[:, 1:]


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("model")
    ap.add_argument("--table", choices=list(TABLES), default="output")
    ap.add_argument("-k", type=int, default=50)
    a = ap.parse_args()
    sims, ids = neighbours(load_table(a.model, a.table), a.k)
    np.savez_compressed(f"knn_{a.table}.npz", sims=sims, ids=ids, metric="cosine_similarity")
