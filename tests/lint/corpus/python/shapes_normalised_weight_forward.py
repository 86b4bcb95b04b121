# expect: COS301
"""A hierarchy-aware model whose levels are normalised-weight heads: each forward pass normalises its
own layer's rows and adds the layer's bias (`torch.mm(x, unit_w.t()) + self.fine[0].bias`), so those
scores are the model's logits, and a regulariser that pulls a coarse class's unit row towards the
normalised sum of its children's rows works on rows the model itself keeps on the sphere: its cosine
is reported at info level only (COS120), as for any normalised-weight head. A plain Linear layer's
forward written out by hand stays quiet.

Shapes seen in public hierarchical-classification code; written for cosaudit's tests.
"""
import torch
import torch.nn.functional as F
from torch import nn


class CoarseOnly(nn.Module):
    def __init__(self, dim, num_classes=20):
        super().__init__()
        self.coarse = nn.Sequential(nn.Linear(dim, num_classes),)

    def forward(self, x):
        return self.coarse(x)


class TwoLevelHead(nn.Module):
    def __init__(self, dim, num_classes, children):
        super().__init__()
        self.coarse = nn.Sequential(nn.Linear(dim, num_classes[0]),)
        self.fine = nn.Sequential(nn.Linear(dim, num_classes[1]),)
        self.children_of = children

    def forward(self, x):
        coarse_w = F.normalize(self.coarse[0].weight, p=2, dim=1)
        fine_w = F.normalize(self.fine[0].weight, p=2, dim=1)
        coarse_out = torch.mm(x, coarse_w.t()) + self.coarse[0].bias
        fine_out = torch.mm(x, fine_w.t()) + self.fine[0].bias
        summed = torch.zeros_like(coarse_w)
        for c in range(len(self.children_of)):
            summed[c, :] = torch.sum(fine_w[self.children_of[c], :], dim=0)
        summed = F.normalize(summed, p=2, dim=1)
        pull = 1.0 - torch.mean(nn.CosineSimilarity(dim=1)(coarse_w, summed))  # expect: COS120
        p_hat = torch.zeros_like(coarse_out)
        for c in range(len(self.children_of)):
            p_hat[:, c] = torch.sum(fine_out[:, self.children_of[c]], dim=1)
        return F.kl_div(p_hat.log_softmax(1), coarse_out.softmax(1)) + pull


class HandLinear(nn.Module):
    def __init__(self, dim, num_classes):
        super().__init__()
        self.fc = nn.Linear(dim, num_classes)

    def forward(self, x):
        return torch.mm(x, self.fc.weight.t()) + self.fc.bias
