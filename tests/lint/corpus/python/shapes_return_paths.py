"""An OOD score against the classifier's rows, taken from a helper with two return paths: the first
returns what an adapted model keeps (nothing we follow), the second the `fc` rows. The caller's cosine of
features against the unit rows is a cosine lens over the head, whose rows are fixed only up to a
translation.

Shape seen in public test-time-adaptation OOD experiments; written for cosaudit's tests.
"""
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


def split_head(adapted):
    if hasattr(adapted, "ref_trunk"):
        return adapted.ref_trunk, adapted.prototype
    trunk = copy.deepcopy(adapted.model0).eval()
    protos = trunk.fc.weight.data.clone()
    trunk.fc = nn.Identity()
    return trunk, protos


@torch.no_grad()
def ood_score(adapted, x):
    trunk, protos = split_head(adapted)
    feat = F.normalize(trunk(x), dim=1)
    cos = feat @ F.normalize(protos, dim=1).T  # expect: COS120
    return 1.0 - cos.max(1).values


def trunk_only(adapted, x):
    trunk, _ = split_head(adapted)
    return trunk(x).norm(dim=1)
