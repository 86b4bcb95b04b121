# Synthetic rewrite of the shape of KoyoImai/ContinualLearning:CIL/preprocesses/preprocess_lucir.py at e01fe350e25e359e9d8fe93241a6d289a5dc5cff (licence NOASSERTION); not the original text.
import copy
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class TwoPartCosineHead(nn.Module):
    """Cosine classifier split into old-class and new-class weight blocks with one shared scale."""

    def __init__(self, dim, n_old, n_new):
        super().__init__()
        self.old = nn.Linear(dim, n_old, bias=False)
        self.new = nn.Linear(dim, n_new, bias=False)
        self.scale = nn.Parameter(torch.ones(1))
        self.in_features = dim

    def forward(self, h):
        h = F.normalize(h, dim=1)
        a = F.linear(h, F.normalize(self.old.weight, dim=1))
        b = F.linear(h, F.normalize(self.new.weight, dim=1))
        return self.scale * torch.cat([a, b], dim=1)


def grow_head_for_next_task(cfg, model, tools):
    """Freeze a copy of the model as teacher and widen its cosine head by one task of classes."""
    if cfg.task_id == 0:
        return tools, model, None
    teacher = copy.deepcopy(model)
    head = model.head
    if cfg.task_id == 1:
        n_seen = head.out_features
        grown = TwoPartCosineHead(head.in_features, n_seen, cfg.classes_per_task)
        grown.old.weight.data = head.weight.data
    else:
        n_seen = head.old.out_features + head.new.out_features
        grown = TwoPartCosineHead(head.in_features, n_seen, cfg.classes_per_task)
        grown.old.weight.data[: head.old.out_features] = head.old.weight.data
        grown.old.weight.data[head.old.out_features:] = head.new.weight.data
    grown.scale.data = head.scale.data
    model.head = grown
    tools["distill_weight"] = cfg.base_lambda * math.sqrt(n_seen / cfg.classes_per_task)
    tools["optimizer"] = torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9,
                                         weight_decay=cfg.wd)
    return tools, model, teacher
