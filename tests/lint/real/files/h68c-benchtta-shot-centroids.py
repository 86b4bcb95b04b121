# Synthetic rewrite of the shape of yuyongcan/Benchmark-TTA:src/methods/shot.py at e5fc746161dc1767338581f38c0b7e7809090b3c (licence NOASSERTION); not the original text.
import logging

import numpy as np
import torch
import torch.nn as nn
from scipy.spatial.distance import cdist

log = logging.getLogger(__name__)


def pseudo_labels_by_centroids(loader, model, cfg):
    """SHOT-style labelling: soft class centroids in feature space, then nearest centroid."""
    feats, outs, gts = [], [], []
    with torch.no_grad():
        for x, y, _ in loader:
            f, o = model(x.cuda(), return_feats=True)
            feats.append(f.float().cpu())
            outs.append(o.float().cpu())
            gts.append(y.float())
    feats, outs, gts = torch.cat(feats), torch.cat(outs), torch.cat(gts)

    probs = nn.Softmax(dim=1)(outs)
    first_guess = probs.argmax(1)
    base_acc = (first_guess.float() == gts).float().mean().item()

    if cfg.SHOT.DISTANCE == "cosine":
        feats = torch.cat([feats, torch.ones(len(feats), 1)], 1)
        feats = feats / feats.norm(p=2, dim=1, keepdim=True)
    feats = feats.numpy()
    n_cls = probs.size(1)
    weights = probs.numpy()
    guess = first_guess.numpy()

    for _ in range(2):
        # each centroid is a probability-weighted average of target features
        centroids = weights.T @ feats
        centroids = centroids / (1e-8 + weights.sum(0)[:, None])
        present = np.where(np.eye(n_cls)[guess].sum(0) > cfg.SHOT.THRESHOLD)[0]
        dist = cdist(feats, centroids[present], cfg.SHOT.DISTANCE)
        guess = present[dist.argmin(1)]
        weights = np.eye(n_cls)[guess]

    new_acc = float((guess == gts.numpy()).mean())
    log.info("pseudo-label accuracy %.2f%% -> %.2f%%", 100 * base_acc, 100 * new_acc)
    return guess.astype(int)
