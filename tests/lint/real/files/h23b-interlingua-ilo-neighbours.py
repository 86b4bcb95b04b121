# Synthetic rewrite of the shape of HLTCHKUST/interlingua:src/ilo.py at 7639b45e30086c12675be88f6e6bf0668ad7944d (licence NOASSERTION); not the original text.
import numpy as np
import torch
import torch.nn.functional as F


def knn_indices(points, k=10, metric="euclidean"):
    """Return the k nearest neighbours (self excluded) of every row of `points`.

    points: (N, d) tensor of per-sentence hidden states pooled from one layer.
    """
    with torch.no_grad():
        if metric == "euclidean":
            dist = torch.cdist(points, points)
        elif metric == "cosine":
            X_norm = F.normalize(points, p=2, dim=1)
            dist = 1.0 - torch.matmul(X_norm, X_norm.T)
        else:
            raise ValueError(f"unknown metric {metric}")
        _, order = torch.topk(-dist, k=k + 1, dim=1)
    order = order.cpu().numpy()[:, 1:]
    picked = np.take_along_axis(dist.cpu().numpy(), order, axis=1)
    return order, picked


def bridging_scores(states_per_language, k=10, min_langs=3, metric="cosine", device="cpu"):
    """Fraction of each language's points whose neighbourhood spans several other languages."""
    blocks, tags = [], []
    for lang, arr in states_per_language.items():
        t = torch.as_tensor(arr, dtype=torch.float32, device=device)
        blocks.append(t)
        tags.extend([lang] * t.shape[0])
    tags = np.asarray(tags)
    all_points = torch.cat(blocks, dim=0)
    nbrs, _ = knn_indices(all_points, k=k, metric=metric)

    bridge, reach = {}, {}
    for lang in states_per_language:
        rows = np.where(tags == lang)[0]
        foreign = [set(tags[nbrs[r]]) - {lang} for r in rows]
        bridge[lang] = float(np.mean([len(s) >= min_langs for s in foreign]))
        reach[lang] = len(set().union(*foreign)) if foreign else 0
    return bridge, reach
