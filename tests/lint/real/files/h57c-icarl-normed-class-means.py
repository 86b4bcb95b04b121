# Synthetic rewrite of the shape of luciainnocenti/Incremental-learning:ICaRLModel.py at 8258ddb356afbaa9cd797ef4510e2a35acd20492 (licence NOASSERTION); not the original text.
import numpy as np
import torch


def herd_exemplars(net, images, budget):
    """Pick exemplars whose running mean stays close to the unit-length class mean."""
    with torch.no_grad():
        feats = np.stack([net(img.unsqueeze(0), features=True)[0].cpu().numpy() for img in images])
    feats = feats / np.linalg.norm(feats, axis=1, keepdims=True)
    centre = feats.mean(axis=0)
    centre = centre / np.linalg.norm(centre)
    chosen, running = [], np.zeros_like(centre)
    pool = list(range(len(images)))
    for k in range(budget):
        cand = (running[None, :] + feats[pool]) / (k + 1)
        best = int(np.argmin(np.linalg.norm(centre[None, :] - cand, axis=1)))
        running += feats[pool[best]]
        chosen.append(pool.pop(best))
    return chosen


def nearest_mean_predict(net, batch, exemplar_sets, dim=64):
    """Nearest-class-mean rule over normalised exemplar features (the fc head is unused)."""
    with torch.no_grad():
        q = net(batch, features=True)
        q = q / q.norm(p=2)
        centres = torch.zeros(len(exemplar_sets), dim)
        for c, ex in enumerate(exemplar_sets):
            f = net(ex, features=True)
            f = f / f.norm(p=2)
            centres[c] = f.mean(dim=0)
            centres[c] = centres[c] / centres[c].norm()
    dists = torch.cdist(q, centres)
    return dists.argmin(dim=1), centres
