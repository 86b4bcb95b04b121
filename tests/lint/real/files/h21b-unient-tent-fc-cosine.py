# Synthetic rewrite of the shape of gaozhengqing/UniEnt:cifar/tent.py at aa5c184531f9d9f04dd33a66cc3ebd838d40c6ac (licence MIT); not the original text.
"""Entropy-based test-time adaptation with a GMM split of in- and out-of-distribution samples."""
from copy import deepcopy

import torch
import torch.nn as nn
import torch.nn.functional as F
from sklearn.mixture import GaussianMixture


def entropy_of(logits):
    return -(logits.softmax(1) * logits.log_softmax(1)).sum(1)


@torch.enable_grad()
def adapt_step(batch, frozen, net, opt, lam=(0.5, 1.0), mode="split"):
    logits = net(batch)
    if mode != "plain":
        trunk = deepcopy(frozen)
        trunk.fc = nn.Identity()
        sims = F.cosine_similarity(trunk(batch).unsqueeze(1), net.fc.weight, dim=2)
        best = sims.max(1).values
        best = (best - best.min()) / (best.max() - best.min())
        ood_score = (1.0 - best).detach().cpu().numpy().reshape(-1, 1)
        mix = GaussianMixture(n_components=2).fit(ood_score)
        member = mix.predict(ood_score)
        if mix.means_[0, 0] > mix.means_[1, 0]:
            member = 1 - member
    ent = entropy_of(logits)
    if mode != "plain":
        loss = ent[member == 0].mean() - lam[1] * ent[member == 1].mean()
    else:
        loss = ent.mean()
    marginal = logits.softmax(1).mean(0)
    loss = loss + lam[0] * (marginal * marginal.log()).sum()
    loss.backward()
    opt.step()
    opt.zero_grad()
    return logits
