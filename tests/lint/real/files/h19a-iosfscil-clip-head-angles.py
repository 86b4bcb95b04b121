# Synthetic rewrite of the shape of SAMMiCA/IOS_FSCIL:utils_s.py at 4366f7e6336489c3c757eeccbbeed8d24ee29442 (licence NOASSERTION); not the original text.
import math

import torch
import torch.nn.functional as F


def degrees(cos):
    return torch.acos(cos.clamp(-1, 1)) * 180 / math.pi


def angle_btw_base_new(a, b):
    """Mean angle over every pair (row of a, row of b)."""
    return degrees(F.normalize(a) @ F.normalize(b).t()).mean()


def mean_pairwise_angle(rows):
    theta = degrees(F.normalize(rows) @ F.normalize(rows).t())
    n = theta.size(0)
    return (theta.sum() - theta.diagonal().sum()) / (n * (n - 1))


def session_angle_report(model, base_feats, new_feats, n_base, first_new, way):
    """Geometry after an incremental session of the CLIP prompt model.

    base_feats / new_feats: lists of per-class feature tensors."""
    head = model.module.textual_classifier.weight.detach().cpu()  # text-prompt class embeddings
    report = {}
    new_means = [F.normalize(f).mean(0) for f in new_feats]
    report["feat_to_own_row"] = torch.stack([
        degrees(F.normalize(m, dim=0) @ F.normalize(head[first_new + i], dim=0))
        for i, m in enumerate(new_means)
    ]).mean()
    report["new_feats_vs_base_rows"] = torch.stack([
        angle_btw_base_new(f, head[:n_base]) for f in new_feats
    ]).mean()
    report["inter_new_means"] = mean_pairwise_angle(torch.stack(new_means))
    base_inc_fc_angle = angle_btw_base_new(head[:n_base], head[first_new:first_new + way])
    report["base_vs_new_rows"] = base_inc_fc_angle
    report["inter_new_rows"] = mean_pairwise_angle(head[first_new:first_new + way])
    return report
