"""Look-alikes of the head that stay quiet: a parameter whose docstring mentions the classifier
weights only as what it feeds ("features: penultimate features, fed to the classifier weights"),
logits whose last axis a helper reads as the vocabulary (`vocab = student_logits.shape[-1]`: scores,
not a weight matrix), and a classifier's rows stacked on a new axis with the class means
(`torch.stack([W, M])`: `[0]` is the whole head, compared with the means class by class).

Written for cosaudit's tests.
"""
import numpy as np
import torch
import torch.nn.functional as F


def feature_spread(features):
    """features: penultimate features, fed to the classifier weights."""
    unit = features / np.linalg.norm(features, axis=1, keepdims=True)
    return unit @ unit.T


def logit_agreement(student_logits, teacher_logits, label_id):
    vocab = student_logits.shape[-1]
    agree = F.cosine_similarity(student_logits[:, label_id], teacher_logits[:, label_id], dim=0)
    return agree / vocab


W = torch.load("resnet.pt")["fc.weight"]
M = torch.load("class_means.pt")
both = torch.stack([W, M])
self_duality = F.cosine_similarity(both[0], both[1], dim=1)
