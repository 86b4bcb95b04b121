# cosaudit corpus, synthetic file: same shape as ThomasNorr/CHiQPM/evaluation/Metrics/StructuralGrounding.py at 6a36f7924a9e2b2fdf06c38c7cb94cd8507af6e8 (licence NOASSERTION); new code, no text copied.
import numpy as np
import torch

from datasets_local.birds import load_class_similarity  # ground-truth CUB class similarity


def class_weight_similarity(weight):
    """cosine between every pair of class rows of the (sparse, quantised) assignment layer, diagonal zeroed"""
    unit = weight / weight.norm(dim=1, keepdim=True)
    sim = unit @ unit.T
    sim.fill_diagonal_(0)
    return sim


def grounding_score(weight, top=50):
    """share of the ground-truth similarity mass that the layer's most similar class pairs capture"""
    ours = class_weight_similarity(weight).cpu().numpy().ravel()
    truth = load_class_similarity().ravel()
    order = np.argsort(truth)[::-1][:top]
    return ours[order].sum() / truth[order].sum()
