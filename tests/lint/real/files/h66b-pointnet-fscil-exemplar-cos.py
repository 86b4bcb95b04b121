# Synthetic rewrite of the shape of Doollakh/FSCIL:train_classification.py at d1733bc9a02a05681ae663ce4ba98987a788b8d3 (licence NOASSERTION); not the original text.
from pathlib import Path

import numpy as np
import torch
from tqdm import tqdm


def _unit_cos(a, b):
    return float(np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b)))


class ExemplarPicker:
    """Ranks every training cloud of a class by how close its embedding sits to the class average."""

    def __init__(self, n_classes=40, cache="utils/ranked_exemplars.npy"):
        self.n_classes = n_classes
        self.cache = Path(cache)

    @torch.no_grad()
    def _embed_all(self, net, loader):
        net = net.eval()
        outs, labels = [], []
        for clouds, y in tqdm(loader):
            clouds = clouds.transpose(2, 1).cuda()
            emb, _, _ = net(clouds)          # backbone output (the head is optional)
            outs.append(emb.cpu().numpy())
            labels.append(y.numpy())
        return np.concatenate(outs), np.concatenate(labels)

    def rank(self, net, loader):
        if self.cache.exists():
            return np.load(self.cache)
        emb, y = self._embed_all(net, loader)
        largest = np.bincount(y).max()
        order = np.zeros((self.n_classes, largest), dtype=int)
        for c in range(self.n_classes):
            members = np.flatnonzero(y == c)
            centre = emb[members].mean(axis=0)
            score = np.array([_unit_cos(centre, e) for e in emb[members]])
            best_first = np.argsort(score)[::-1]
            order[c, : len(members)] = members[best_first]
        np.save(self.cache, order)
        return order
