# Synthetic rewrite of the shape of CoenSchouten01/Effect-of-task-order-in-online-class-incremental-learning:curriculumdesigners/curriculumdesigner.py at 0040867eabf3eabd2a5e43c39ab36259c3466e23 (licence NOASSERTION); not the original text.
"""Choose the order in which class-incremental tasks are presented, using how far
apart the tasks look to a frozen ImageNet backbone."""
from itertools import permutations

import numpy as np
import torch
from scipy.spatial.distance import cosine
from torchvision.models import resnet18


def mean_task_vectors(loaders, backbone, device="cpu"):
    means = []
    with torch.no_grad():
        for loader in loaders:
            feats = [backbone(x.to(device)).cpu() for x, _ in loader]
            means.append(torch.cat(feats).mean(0).numpy())
    return means


class SpreadOrdering:
    """Score every permutation of tasks by how distinct consecutive tasks are."""

    def __init__(self, loaders, device="cpu"):
        net = resnet18(weights="IMAGENET1K_V1").to(device).eval()
        net.fc = torch.nn.Identity()          # drop the ImageNet classifier, keep pooled features
        for p in net.parameters():
            p.requires_grad = False
        means = mean_task_vectors(loaders, net, device)
        n = len(means)
        self.dist = np.array([[cosine(means[a], means[b]) for b in range(n)] for a in range(n)])
        spread = np.array([np.var(np.delete(self.dist[a], a)) for a in range(n)])
        orders = list(permutations(range(n)))
        scores = [self.score(o, spread) for o in orders]
        self.order = orders[int(np.argmax(scores))]
        self.pos = 0

    def score(self, order, spread):
        gaps = sum(self.dist[order[k], order[k + 1]] for k in range(len(order) - 1))
        return gaps - spread[order[0]]

    def next_task(self, remaining):
        task = self.order[self.pos]
        self.pos += 1
        remaining.remove(task)
        return task
