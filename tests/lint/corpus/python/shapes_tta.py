# expect: COS301
"""Test-time adaptation code (Tent / UniEnt style): the adaptation step calls the model, then scores
each feature by its cosine with every row of the model's `fc` (an out-of-distribution score). The step
is named `forward_and_adapt` but is no forward pass of a cosine head. A rows-against-batch cosine is
written with a broadcast `dim=2`. Next to it, a real module's forward pass that normalises its own
rows stays quiet. Written for cosaudit's tests."""
from copy import deepcopy

import torch
import torch.nn as nn
import torch.nn.functional as F


@torch.enable_grad()
def forward_and_adapt(x, model0, model, optimizer):
    outputs = model(x)
    backbone = deepcopy(model0)
    backbone.fc = nn.Identity()
    cos_sim = F.cosine_similarity(backbone(x).unsqueeze(1), model.fc.weight, dim=2)  # expect: COS120
    ood = 1 - cos_sim.max(1).values
    loss = (outputs.softmax(1) * outputs.log_softmax(1)).sum(1).mul(-1)[ood < 0.5].mean()
    loss.backward()
    optimizer.step()
    return outputs


def ood_score(feats, model):
    return F.cosine_similarity(feats[:, None, :], model.fc.weight[None, :, :], dim=2).max(1).values  # expect: COS120


class CosineHead(nn.Module):
    def __init__(self, dim, classes):
        super().__init__()
        self.fc = nn.Linear(dim, classes, bias=False)

    def forward(self, feats):
        return F.cosine_similarity(feats.unsqueeze(1), self.fc.weight, dim=2) * 16.0

    def forward_features(self, feats):
        return F.normalize(feats, dim=-1) @ F.normalize(self.fc.weight, dim=-1).T


class ScoredTent(nn.Module):
    """A Tent variant whose forward also scores each feature against the source model's `fc` rows (an
    OOD weight for the entropy loss): the scores are kept, the model's own outputs returned."""

    def __init__(self, model):
        super().__init__()
        self.model = model
        self.prototype = model.fc.weight.data.clone()
        self.features = None

    def forward(self, x):
        outputs = self.model(x)
        sims = F.normalize(self.features, dim=1) @ F.normalize(self.prototype, dim=1).T  # expect: COS120
        self.weight_of_sample = 1 - sims.max(dim=1).values
        return outputs


class TemplateAdjuster(nn.Module):
    """T3A: the supports start as the `fc` rows and the adapted model predicts by the unit supports; the
    scores are what its forward returns, the model's own logits (quiet)."""

    def __init__(self, model):
        super().__init__()
        self.classifier = model.fc
        self.supports = self.classifier.weight.data

    def forward(self, z):
        supports = F.normalize(self.supports, dim=1)
        return z @ F.normalize(supports.T, dim=0)
