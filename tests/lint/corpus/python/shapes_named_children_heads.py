"""Heads picked from a model's children by their names: a loop over `named_children()` that keeps the
layer whose name is a head's (`fc`, `classifier`, `head`) in a list or a name, or a comprehension that
lists them; the list's last item, and a name bound to it, are the head. Beside them, the look-alikes
that stay quiet: a list of names that are not all a head's (layers to freeze), and a name test on
another layer. (Differences of rows, unlike their cosines, are fixed by the model.)

Shapes seen in public test-time-adaptation benchmarks (TTAB's T3A); written for cosaudit's tests.
"""
import torch.nn as nn
import torch.nn.functional as F
from sklearn.metrics.pairwise import cosine_similarity

HEAD_NAMES = ["fc", "classifier", "head"]


def head_rows(model):
    layers = []
    for name, module in model.named_children():
        if name in HEAD_NAMES:
            assert isinstance(module, nn.Linear)
            layers.append(module)
    rows = layers[-1].weight.data
    return cosine_similarity(rows)  # expect: COS101


class Adapter:
    NAMES = ("fc", "classifier", "head")

    def __init__(self, net):
        self.heads = [m for name, m in net.named_children() if name in self.NAMES]
        last = self.heads[-1]
        self.rows = last.weight.data

    def similarity(self):
        unit = F.normalize(self.rows, dim=1)
        return unit @ unit.T  # expect: COS101


def by_one_name(model):
    for name, module in model.named_children():
        if name == "classifier":
            chosen = module
    return F.cosine_similarity(chosen.weight[0], chosen.weight[1], dim=0)  # expect: COS101


def frozen_blocks(model):
    frozen = []
    for name, module in model.named_children():
        if name in ["layer4", "fc"]:
            frozen.append(module)
    return cosine_similarity(frozen[0].weight.data.flatten(1))


def encoder_rows(model):
    for name, module in model.named_children():
        if name == "encoder":
            enc = module
    return cosine_similarity(enc.weight.data)
