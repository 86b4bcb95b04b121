# Synthetic rewrite of the shape of SepehrRezaee/DISTIL-ff:DISTIL/models/similarity.py at c39c70db583a07128d8041e38a6feefc2a335b7d (licence MIT); not the original text.
"""Label relations for object detectors, read from the box-classification head."""
import torch
import torch.nn as nn

from .heads import locate_box_head, ssd_class_rows


def _label_rows(detector):
    head = locate_box_head(detector)
    if hasattr(head, "cls_logits"):
        return ssd_class_rows(head, n_labels=21)
    if hasattr(head, "cls_score"):
        return head.cls_score.weight.data
    for p in head.parameters():
        if p.dim() == 2:
            return p.data
    raise ValueError("detector has no class-score matrix")


def farthest_label_per_label(detector):
    rows = _label_rows(detector)
    norm_w = rows / rows.norm(dim=1, keepdim=True)
    sim = norm_w @ norm_w.t()
    sim.masked_fill_(torch.eye(len(rows), dtype=torch.bool), float("inf"))
    return [(i, int(sim[i].argmin()), float(sim[i].min())) for i in range(len(rows))]


def label_similarity(detector):
    rows = _label_rows(detector)
    unit = rows / rows.norm(dim=1, keepdim=True)
    sim = unit @ unit.t()
    return sim, len(rows)
