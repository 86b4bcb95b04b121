# Synthetic rewrite of the shape of NicolasUrbani/Harnessing-Superclasses-for-Learning-from-Hierarchical-Databases:src/loss.py at 0a2c65acca0c0b44d8d3151521f24e7ec480e449 (licence MIT); not the original text.
"""Tree-aware losses and a tree-shaped penalty on the final layer of a classifier."""
import numpy as np
import torch
from torch import nn


def ancestor_indicator(parents, n_leaves):
    """Rows: leaves; columns: every node of the taxonomy (leaf included)."""
    n_nodes = len(parents)
    table = np.zeros((n_leaves, n_nodes))
    for leaf in range(n_leaves):
        node = leaf
        while node is not None:
            table[leaf, node] = 1.0
            node = parents[node]
    return table


class TaxonomySmoothing(nn.Module):
    """Cross entropy against targets spread over taxonomic neighbours."""

    def __init__(self, closeness, eps=0.1):
        super().__init__()
        spread = closeness / closeness.sum(dim=1, keepdim=True)
        self.register_buffer("spread", spread)
        self.eps = eps

    def forward(self, logits, target):
        soft = (1 - self.eps) * nn.functional.one_hot(target, logits.shape[1]).float()
        soft = soft + self.eps * self.spread[target]
        return -(soft * logits.log_softmax(dim=1)).sum(dim=1).mean()


class TreeCoupledPenalty(nn.Module):
    """Penalise the softmax layer's weights with a coupling built from the tree."""

    def __init__(self, parents, n_leaves, node_strength=None):
        super().__init__()
        anc = ancestor_indicator(parents, n_leaves)
        if node_strength is None:
            node_strength = np.ones(anc.shape[1])
        coupling = anc @ np.diag(node_strength) @ anc.T
        self.register_buffer("coupling", torch.tensor(coupling, dtype=torch.float32))

    def forward(self, last_layer_weight):
        # raw inner products of every pair of class rows, weighted by the coupling
        pairwise = last_layer_weight @ last_layer_weight.T
        return (self.coupling * pairwise).sum()


class TrainStep:
    def __init__(self, net, penalty, strength=1e-3):
        self.net = net
        self.penalty = penalty
        self.strength = strength
        self.ce = nn.CrossEntropyLoss()

    def __call__(self, images, labels):
        logits = self.net(images)
        loss = self.ce(logits, labels)
        loss = loss + self.strength * self.penalty(self.net.fc.weight)
        return loss
