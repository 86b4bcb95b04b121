# Synthetic rewrite of the shape of geokarant/DILHyFS-Few-shot-class-incremental-learning-for-efficient-SAR-ATR:models/base.py at 513c30ae9900ac18c2d44da786cb9c7e98ed18ce (licence Apache-2.0); not the original text.
"""Plot test features of an incremental learner, optionally with its classifier rows as stars.

The learner's head is a cosine classifier: logits are sigma * <x/|x|, w/|w|>, and after each
session its rows are overwritten by class prototypes.
"""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


class NormedHead(nn.Module):
    def __init__(self, dim, n_cls):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(n_cls, dim).uniform_(-0.05, 0.05))
        self.sigma = nn.Parameter(torch.ones(1))

    def forward(self, feats):
        return {"logits": self.sigma * F.linear(F.normalize(feats, dim=1), F.normalize(self.weight, dim=1))}


class Learner:
    def __init__(self, net, n_seen, name):
        self.net = net
        self.n_seen = n_seen
        self.name = name

    def draw_map(self, feats, labels, with_rows=False, unit=False):
        import umap
        import matplotlib.pyplot as plt

        pts = feats
        if with_rows:
            rows = self.net.fc.weight.detach().cpu().numpy()[: self.n_seen]
            pts = np.concatenate([feats, rows], axis=0)
        if unit:
            pts = pts / np.linalg.norm(pts, axis=1, keepdims=True)

        reducer = umap.UMAP(n_neighbors=15, min_dist=0.3, metric="cosine")
        xy = reducer.fit_transform(pts)

        if with_rows:
            row_xy, xy = xy[-self.n_seen:], xy[: -self.n_seen]
        dots = plt.scatter(xy[:, 0], xy[:, 1], c=labels, s=20, cmap="tab20")
        plt.legend(*dots.legend_elements())
        if with_rows:
            plt.scatter(row_xy[:, 0], row_xy[:, 1], marker="*", s=50,
                        c=np.arange(self.n_seen), cmap="tab20", edgecolors="black")
        plt.savefig(f"{self.name}{self.n_seen}_map.pdf")
        plt.close()
