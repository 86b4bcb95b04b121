# Synthetic rewrite of the shape of facebookresearch/low-shot-shrink-hallucinate:analogy_generation.py at 1356595bc1551ee1f505e4764416416c7d5d4672 (licence CC-BY-NC-4.0); not the original text.
# Low-shot hallucination: cluster each base class's image features, then look for
# pairs of within-class centroid moves that point the same way in another class.
# The vectors compared are unit-length differences of feature centroids.
import numpy as np
import torch


def unit_offsets(centres):
    # every ordered pair (a, b) of centres of one class -> direction from a to b
    k = centres.shape[0]
    a_idx, b_idx = np.unravel_index(np.arange(k * k), (k, k))
    offsets = centres[b_idx] - centres[a_idx]
    lengths = np.linalg.norm(offsets, axis=1, keepdims=True)
    return offsets / (lengths + 1e-5)


def find_transfers(per_class_centres, device="cpu"):
    k = per_class_centres[0].shape[0]
    rows = []
    scores = []
    a_idx, b_idx = np.unravel_index(np.arange(k * k), (k, k))
    for src, c_src in enumerate(per_class_centres):
        here = torch.tensor(unit_offsets(c_src), device=device, dtype=torch.float32)
        best = np.zeros(here.shape[0])
        where = np.zeros((here.shape[0], 2), dtype=int)
        for dst, c_dst in enumerate(per_class_centres):
            if dst == src:
                continue
            there = torch.tensor(unit_offsets(c_dst), device=device, dtype=torch.float32)
            # angle agreement between the two sets of centroid moves
            agree = here @ there.T
            top, arg = agree.max(dim=1)
            top = top.cpu().numpy()
            arg = arg.cpu().numpy()
            better = top > best
            best[better] = top[better]
            where[better, 0] = dst * k + a_idx[arg[better]]
            where[better, 1] = dst * k + b_idx[arg[better]]
        block = np.stack([src * k + a_idx, src * k + b_idx, where[:, 0], where[:, 1]], axis=1)
        rows.append(block)
        scores.append(best)
    return np.concatenate(rows), np.concatenate(scores)
