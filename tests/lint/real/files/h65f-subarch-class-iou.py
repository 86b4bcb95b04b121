# Synthetic rewrite of the shape of hujiecpp/NAD:similarSubArch.py at 202b77b0bdfbeca0311c9c912b837d308710180f (licence NOASSERTION); not the original text.
"""Relate classes by how much their learned channel sub-architectures overlap."""
import pickle
from pathlib import Path

import numpy as np
import torch


def binary_paths(mask_file, cut=0.5):
    gates = torch.load(mask_file)
    return [torch.sigmoid(g.detach().squeeze()) > cut for g in gates.values()]


def path_overlap(paths_a, paths_b):
    """Mean over layers of the Jaccard index of the kept channels."""
    scores = []
    for a, b in zip(paths_a, paths_b):
        union = (a | b).sum().item()
        scores.append((a & b).sum().item() / union if union else 0.0)
    return float(np.mean(scores))


def overlap_table(mask_dir, n_classes, cache="results/subarch_overlap.pkl"):
    cache = Path(cache)
    if cache.exists():
        return pickle.loads(cache.read_bytes())
    paths = [binary_paths(Path(mask_dir) / f"class_{c:03d}.pt") for c in range(n_classes)]
    table = np.eye(n_classes)
    for i in range(n_classes):
        for j in range(i + 1, n_classes):
            table[i, j] = table[j, i] = path_overlap(paths[i], paths[j])
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_bytes(pickle.dumps(table))
    return table


def closest_classes(table, cls, k=3):
    order = np.argsort(-table[cls])
    return [c for c in order if c != cls][:k]
