# cosaudit corpus, synthetic file: same shape as thotranhuu99/Neural-Collapse-in-Deep-Linear-Networks/synthetic_experiment_balanced.py at a9f3ba3b3fbd08577da6b2452f7f6fe00f2e20f8 (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn as nn


class DeepLinear(nn.Module):
    def __init__(self, dims):
        super().__init__()
        self.fc = nn.ModuleList(nn.Linear(a, b, bias=False) for a, b in zip(dims[:-1], dims[1:]))

    def forward(self, y):
        h = y
        for layer in self.fc:
            h = layer(h)
        return h


def nc2_weights(W, singular_values, depth):
    wwt = W @ W.T
    wwt = wwt / wwt.norm(p="fro")
    target = torch.diag(singular_values ** (2 * depth))
    target = target / target.norm(p="fro")
    return (wwt - target).norm(p="fro").item()


def track(model, singular_values, depth):
    with torch.no_grad():
        prod = model.fc[-1].weight.clone()
        for j in reversed(range(len(model.fc) - 1)):
            prod = prod @ model.fc[j].weight
        return nc2_weights(prod, singular_values, depth)
