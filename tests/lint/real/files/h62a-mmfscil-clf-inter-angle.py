# Synthetic rewrite of the shape of InugYoon/mm_fscil:utils_s.py at b15b0f954681fe7164799096f6d2c9040ab1aed7 (licence NOASSERTION); not the original text.
import math

import torch
import torch.nn.functional as F


def to_degrees(cos):
    return torch.acos(cos.clamp(-1.0, 1.0)) * 180.0 / math.pi


def mean_cross_angle(a, b):
    """Average angle (degrees) over every pair of rows a_i, b_j."""
    deg = to_degrees(F.normalize(a, dim=1) @ F.normalize(b, dim=1).t())
    return deg.mean()


def mean_pairwise_angle(rows):
    """Average angle between distinct rows of one matrix."""
    deg = to_degrees(F.normalize(rows, dim=1) @ F.normalize(rows, dim=1).t())
    n = deg.shape[0]
    return (deg.sum() - deg.diagonal().sum()) / (n * (n - 1))


def session_geometry(net, n_base, first_new, n_way):
    # the softmax output head of the few-shot incremental model
    head = net.module.text_head.weight.detach().cpu()
    base_rows = head[:n_base]
    new_rows = head[first_new:first_new + n_way]
    report = {
        "base_vs_new_head_angle": mean_cross_angle(base_rows, new_rows).item(),
        "new_head_inter_angle": mean_pairwise_angle(new_rows).item(),
    }
    print("angles between classifier rows:", report)
    return report
