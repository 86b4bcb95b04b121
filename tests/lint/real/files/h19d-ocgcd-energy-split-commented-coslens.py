# Synthetic rewrite of the shape of KHU-AGI/OCGCD:Ours_train_online.py at 28b9384cd7ea9b123b03d045bac2e92d8d0b2870 (licence NOASSERTION); not the original text.
import numpy as np
import torch
import torch.nn.functional as F
from sklearn.mixture import GaussianMixture


def energy(logits):
    return -torch.logsumexp(logits, dim=1, keepdim=True)


def two_way_split(scores, seed=0):
    """Fit a 2-component GMM on energies; the lower-energy side is 'known'."""
    gm = GaussianMixture(n_components=2, max_iter=1000, tol=1e-4, init_params="kmeans", random_state=seed)
    gm.fit(scores.cpu().numpy())
    side = gm.predict_proba(scores.cpu().numpy()).argmax(1)
    a, b = np.where(side == 0)[0], np.where(side == 1)[0]
    if (-scores[a]).mean() < (-scores[b]).mean():
        return b, a
    return a, b


@torch.no_grad()
def online_step(model, header, header_now, embed, loader, n_known, log):
    feats, labels, _ = embed(model, loader)
    known_idx, novel_idx = two_way_split(energy(header(feats)))
    log["split"].append((len(known_idx), len(novel_idx)))

    if len(known_idx) > 0:
        f_known = feats[known_idx]
        # cos_sim = F.linear(l2_norm(f_known), l2_norm(header.head.weight))
        probs = F.softmax(header(f_known), dim=1)
        conf, pseudo = probs.max(dim=1)
        log["confidence"].append(conf.cpu())
    else:
        pseudo = torch.empty(0, dtype=torch.long)

    if len(novel_idx) > 0:
        f_new, _, _ = embed(model, loader, subset=novel_idx)
        new_logits = F.linear(f_new, header_now.head.weight[n_known:], header_now.head.bias[n_known:])
        seen_idx, unseen_idx = two_way_split(energy(new_logits))
    else:
        seen_idx, unseen_idx = [], []
    return pseudo, known_idx, seen_idx, unseen_idx
