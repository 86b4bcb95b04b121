# Synthetic rewrite of the shape of AIGNLAI/GDDSG:GDDSG.py at 6d162509b6acc2b4c47f52350a03066738b2892c (licence NOASSERTION); not the original text.
import numpy as np
import torch
import torch.nn.functional as F


class SimilarityGroupedRidge:
    """Group classes so no two similar classes share a ridge sub-learner."""

    def __init__(self, max_per_group):
        self.k = max_per_group
        self.centre = {}        # class -> mean feature
        self.spread = {}        # class -> mean cosine of members to centre
        self.group_of = {}      # class -> group id
        self.members = [[]]     # group id -> classes
        self.G, self.Q, self.W = [], [], []

    def fit_task(self, feats, labels, onehot, ridge, split_fn):
        for c in np.unique(labels):
            rows = feats[labels == c]
            self.centre[c] = rows.mean(0)
            self.spread[c] = F.cosine_similarity(rows, self.centre[c][None], dim=1).mean()
        leftovers = []
        for c in np.unique(labels):
            placed = False
            for g, group in enumerate(self.members):
                if len(group) >= self.k:
                    continue
                if all(F.cosine_similarity(self.centre[c], self.centre[o], dim=0) <= self.spread[o] for o in group):
                    self.group_of[c] = g
                    group.append(c)
                    placed = True
                    break
            if not placed:
                leftovers.append(c)
        if leftovers:
            edges = {}
            for v in leftovers:
                for u in leftovers:
                    if F.cosine_similarity(self.centre[u], self.centre[v], dim = 0) > self.spread[v]:
                        edges.setdefault(v, []).append(u)
            for part in split_fn(leftovers, edges):
                self.members.append(list(part))
                for c in part:
                    self.group_of[c] = len(self.members) - 1
        for g in range(len(self.members)):
            idx = torch.tensor([i for i, y in enumerate(labels) if self.group_of[int(y)] == g], dtype=torch.long)
            while len(self.G) <= g:
                self.G.append(0)
                self.Q.append(0)
                self.W.append(None)
            self.G[g] = self.G[g] + feats[idx].T @ feats[idx]
            self.Q[g] = self.Q[g] + feats[idx].T @ onehot[idx]
            eye = torch.eye(self.G[g].shape[0])
            self.W[g] = torch.linalg.solve(self.G[g] + ridge * eye, self.Q[g]).T
