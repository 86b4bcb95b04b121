# Synthetic rewrite of the shape of dearmagic/Quantifying-Samples-with-Invariance-for-Source-Free-Continual-Adaptation:function.py at 8f926d8c1da6c0286126a5fa1854a24a0c0da6b7 (licence NOASSERTION); not the original text.
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from scipy.spatial.distance import cdist


def unit_rows_sim(a, b):
    """Pairwise cosine between two batches of feature vectors."""
    return F.normalize(a) @ F.normalize(b).t()


@torch.no_grad()
def relabel_by_centroids(loader, backbone, head, kept_classes):
    backbone.eval()
    head.eval()
    feats, probs, ids = [], [], []
    for x, _, idx in loader:
        f = backbone(x.cuda()).cpu()
        feats.append(f)
        probs.append(nn.Softmax(dim=1)(head(f.cuda())).cpu())
        ids.append(idx)
    feats, probs, ids = torch.cat(feats), torch.cat(probs), torch.cat(ids)

    # append a bias coordinate and put every feature on the unit sphere
    feats = torch.cat([feats, torch.ones(len(feats), 1)], 1)
    feats = (feats / feats.norm(p=2, dim=1, keepdim=True)).numpy()

    soft = probs.numpy()
    centres = soft.T @ feats / (1e-8 + soft.sum(0)[:, None])
    centres = centres[kept_classes]
    # each target feature is matched to its closest class centroid by cosine distance
    gaps = cdist(feats, centres, "cosine")
    first = np.asarray(kept_classes)[gaps.argmin(1)]

    hard = np.eye(probs.shape[1])[first]
    centres = hard.T @ feats / (1e-8 + hard.sum(0)[:, None])
    centres = centres[kept_classes]
    gaps = cdist(feats, centres, "cosine")
    second = np.asarray(kept_classes)[gaps.argmin(1)]
    return dict(zip(ids.tolist(), second.tolist()))
