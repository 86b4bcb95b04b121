# Synthetic rewrite of the shape of yfqi/lifelong_mlr_ifa:libero/lifelong/algos/mlr.py at a721807f2f7fa7f9833dcc85c592d78e9accd00b (licence MIT); not the original text.
import itertools
import math

import torch
import torch.nn.functional as F


def mean_cross_cosine(a, b, eps=1e-8):
    """Average cosine over every (sample of task A, sample of task B) pair."""
    if a is None or b is None or a.numel() == 0 or b.numel() == 0:
        return float("nan")
    a = F.normalize(a.float().reshape(-1, a.shape[-1]), dim=-1, eps=eps)
    b = F.normalize(b.float().reshape(-1, b.shape[-1]), dim=-1, eps=eps)
    sim_matrix = a @ b.T
    return sim_matrix.mean().item()


def related_task_pairs(task_feats, current, keep_ratio=0.5):
    """Pick earlier tasks that resemble the current one in both instruction and camera features."""
    ids = sorted(task_feats)
    n = len(ids)
    by_text = torch.zeros(n, n)
    by_view = torch.zeros(n, n)
    for i, ti in enumerate(ids):
        for j, tj in enumerate(ids):
            by_text[i, j] = mean_cross_cosine(task_feats[ti]["language"], task_feats[tj]["language"])
            by_view[i, j] = mean_cross_cosine(task_feats[ti]["agent"], task_feats[tj]["agent"])

    pairs = list(itertools.combinations(ids, 2))
    k = math.ceil(keep_ratio * len(pairs))
    score = lambda m, p: m[ids.index(p[0]), ids.index(p[1])].item()
    top_text = set(sorted(pairs, key=lambda p: score(by_text, p), reverse=True)[:k])
    top_view = set(sorted(pairs, key=lambda p: score(by_view, p), reverse=True)[:k])
    chosen = [p for p in top_text & top_view if current in p]
    return {"task_ids": ids, "sim_language": by_text, "sim_agent": by_view, "selected_pairs": chosen}
