# Synthetic rewrite of the shape of tim-learn/SHOT:object/image_target.py at 07d0c713e4882e83fded1aff2a447dff77856d64 (licence NOASSERTION); not the original text.
"""Source-free adaptation: frozen source head, self-labelling by cosine distance to soft class centroids."""
import numpy as np
import torch
import torch.nn as nn
from scipy.spatial.distance import cdist


def collect(loader, backbone, neck, head):
    feats, probs, gold = [], [], []
    with torch.no_grad():
        for images, labels, *_ in loader:
            z = neck(backbone(images.cuda()))
            feats.append(z.float().cpu())
            probs.append(nn.Softmax(dim=1)(head(z)).float().cpu())
            gold.append(labels.float())
    return torch.cat(feats), torch.cat(probs), torch.cat(gold)


def relabel(loader, backbone, neck, head, metric="cosine", min_count=0, rounds=2):
    feats, probs, gold = collect(loader, backbone, neck, head)
    guess = probs.argmax(1).numpy()
    if metric == "cosine":
        feats = torch.cat([feats, torch.ones(len(feats), 1)], 1)
        feats = feats / feats.norm(p=2, dim=1, keepdim=True)
    feats = feats.numpy()
    weights = probs.numpy()
    n_cls = weights.shape[1]
    for _ in range(rounds):
        centres = weights.T @ feats / (1e-8 + weights.sum(0)[:, None])
        present = np.where(np.bincount(guess, minlength=n_cls) > min_count)[0]
        dd = cdist(feats, centres[present], metric)
        guess = present[dd.argmin(1)]
        weights = np.eye(n_cls)[guess]
    print(f"pseudo-label accuracy {np.mean(guess == gold.numpy()):.4f}")
    return guess.astype(int)


def adapt(loader, backbone, neck, head, opt, steps, refresh, beta=0.3):
    head.eval()
    for p in head.parameters():
        p.requires_grad = False
    it, targets = None, None
    for step in range(steps):
        if step % refresh == 0:
            targets = torch.from_numpy(relabel(loader, backbone, neck, head)).cuda()
        try:
            x, _, idx = next(it)
        except (StopIteration, TypeError):
            it = iter(loader)
            x, _, idx = next(it)
        out = head(neck(backbone(x.cuda())))
        p = out.softmax(1)
        loss = beta * nn.CrossEntropyLoss()(out, targets[idx])
        loss = loss + (-(p * torch.log(p + 1e-5)).sum(1)).mean()
        mp = p.mean(0)
        loss = loss + (mp * torch.log(mp + 1e-5)).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
