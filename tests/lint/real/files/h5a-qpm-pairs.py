# cosaudit corpus, synthetic file: same shape as ThomasNorr/QPM/visualization/pairstoViz.py at 3fc90efa7f29ebfcc468ecf03073eef20799dfa0 (licence NOASSERTION); new code, no text copied.
"""Pick class pairs that share features in the sparse assignment layer, for the figure."""

import numpy as np


def sharing_pairs(model):
    W = model.linear.weight.detach().cpu()        # binary class-to-feature assignment
    overlap = W @ W.T                             # number of shared features per class pair
    overlap = np.triu(overlap.numpy(), k=1)
    per_class = W.sum(dim=1).numpy()
    target = per_class - 1                        # all but one feature in common
    hits = np.argwhere(overlap == target[:, None])
    if len(hits) == 0:
        raise ValueError("no pair shares all but one feature")
    return hits


def pairs_to_plot(model, loader, min_gt_sim):
    gt = loader.dataset.class_similarity()
    return [(a, b) for a, b in sharing_pairs(model) if gt[a, b] > min_gt_sim]
