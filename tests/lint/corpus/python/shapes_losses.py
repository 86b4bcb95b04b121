# expect: COS301
"""Similarities of the head's own rows inside a loss or a forward pass (an orthogonality penalty
on the classifier, an evaluation method whose name says it also returns the loss), next to the
look-alikes that stay quiet: a cosine classifier's forward pass (rows against the input) and an
initialiser that checks its own ETF.

Shapes seen in public training code; written for cosaudit's tests.
"""
import numpy as np
import torch
import torch.nn.functional as F


class RowDecorrelation(torch.nn.Module):
    """Penalises classes whose prototypes point the same way."""

    def forward(self, classifier_weights):
        unit = F.normalize(classifier_weights, dim=1)
        pair_cos = torch.mm(unit, unit.t())  # expect: COS101
        eye = torch.eye(unit.shape[0], device=unit.device)
        return (pair_cos - eye).pow(2).sum()


def spread_loss(rows):
    unit = rows / rows.norm(dim=1, keepdim=True)
    return (unit @ unit.T).triu(1).abs().mean()


class Trainer:
    def __init__(self, model):
        self.model = model

    def evaluate_loss_and_collapse(self, loader):
        W = self.model.fc.weight.data.cpu().numpy().T
        gram = W.T @ W  # expect: COS102
        return np.linalg.norm(gram / np.linalg.norm(gram))

    def train_step(self, batch):
        return spread_loss(self.model.fc.weight)  # expect: COS101


class AngularHead(torch.nn.Module):
    def __init__(self, d, n):
        super().__init__()
        self.fc = torch.nn.Linear(d, n, bias=False)
        w = F.normalize(self.fc.weight, dim=1)
        self.etf_gap = (w @ w.T - torch.eye(n)).norm()

    def forward(self, h):
        return F.normalize(h, dim=-1) @ F.normalize(self.fc.weight, dim=-1).T

    def logits_loss(self, h, y):
        return F.cross_entropy(F.normalize(h, dim=-1) @ F.normalize(self.fc.weight, dim=-1).T, y)
