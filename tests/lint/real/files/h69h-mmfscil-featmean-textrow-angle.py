# Synthetic rewrite of the shape of InugYoon/mm_fscil:utils_s.py at b15b0f954681fe7164799096f6d2c9040ab1aed7 (licence NOASSERTION); not the original text.
import math

import torch
import torch.nn.functional as F


def to_degrees(cos):
    return torch.acos(cos.clamp(-1, 1)) * 180 / math.pi


def angles_to_vector(feats, vec):
    deg = to_degrees(F.linear(F.normalize(feats), F.normalize(vec[None])))
    return deg.mean(), deg.std()


def within_class_angle(feats):
    centre = F.normalize(feats).mean(0)
    return angles_to_vector(feats, centre)


def per_class_geometry(feats_by_class, net):
    """For each base class: angle between its normalised feature mean and the
    matching row of the frozen CLIP text classifier (an NC3-style check)."""
    text_rows = net.module.textual_classifier.weight.detach().cpu()
    means, own_row_angle, sample_row_angle = [], [], []
    for c, feats in enumerate(feats_by_class):
        centre = F.normalize(feats).mean(0)
        means.append(centre)
        sample_row_angle.append(angles_to_vector(feats, text_rows[c])[0])
        cos_c = F.linear(F.normalize(centre, dim=0), F.normalize(text_rows[c], dim=0)).clamp(-1, 1)
        own_row_angle.append(to_degrees(cos_c))
    means = torch.stack(means)
    between_means = to_degrees(F.normalize(means) @ F.normalize(means).t())
    return between_means.mean(), torch.stack(sample_row_angle).mean(), torch.stack(own_row_angle).mean()
