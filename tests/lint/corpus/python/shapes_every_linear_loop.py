"""A loop over every layer of a model that compares, in each Linear layer, the weight rows of its output
units by cosine (a trojan detector's per-layer unit correlations): the loop reaches the output layer too,
whose rows are a softmax head's, fixed only up to a shared translation (COS101, at warning: the head is
one layer among those visited). Per-layer Gram penalties without normalisation (orthogonality), norms,
spectra and convolution filters stay quiet.

Shapes seen in public trojan-detection and weight-analysis code; written for cosaudit's tests.
"""
import torch
import torch.nn as nn


def unit_correlations(model):
    for layer in model.modules():
        if isinstance(layer, torch.nn.Linear):
            cols = layer.weight.data.transpose(0, 1)
            n = cols.shape[1]
            corr = torch.zeros(n, n)
            for i in range(n):
                for j in range(n):
                    corr[i, j] = torch.cosine_similarity(cols[:, i], cols[:, j], dim=0)  # expect: COS101
            print(corr.mean(), corr.std())


def unit_gram(model):
    for m in model.modules():
        if isinstance(m, nn.Linear):
            unit = nn.functional.normalize(m.weight, dim=1)
            print(unit @ unit.T)  # expect: COS101


def orthogonality_penalty(model):
    penalty = 0.0
    for m in model.modules():
        if isinstance(m, nn.Linear):
            gram = m.weight @ m.weight.T
            penalty = penalty + torch.norm(gram - torch.eye(gram.shape[0]))
    return penalty


def layer_statistics(model):
    for m in model.modules():
        if isinstance(m, nn.Linear):
            print(m.weight.norm(dim=1), torch.linalg.svdvals(m.weight))
        elif isinstance(m, nn.Conv2d):
            filters = nn.functional.normalize(m.weight.flatten(1), dim=1)
            print(filters @ filters.T)


def unit_pair_similarity(net):
    """A guard that skips every other layer: what follows it sees each Linear layer."""
    for mod in net.modules():
        if not isinstance(mod, nn.Linear):
            continue
        cols = mod.weight.detach().t()
        print(torch.cosine_similarity(cols[:, 0], cols[:, 1], dim=0))  # expect: COS101


def conv_pair_similarity(net):
    for mod in net.modules():
        if not isinstance(mod, nn.Linear):
            filters = nn.functional.normalize(mod.weight.flatten(1), dim=1)
            print(filters @ filters.T)
            continue
        print(mod.weight.norm(dim=1))
