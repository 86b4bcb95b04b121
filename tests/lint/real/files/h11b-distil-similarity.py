# cosaudit corpus, synthetic file: same shape as AdaptiveMotorControlLab/DISTIL/DISTIL/models/similarity.py at ce9968e151585ff0d958b3bf3b7cf16b1eea1089 (licence Apache-2.0); new code, no text copied.
"""Class relations of an object detector read from its classification head."""
import torch
import torch.nn as nn

from .feature_extractor import ssd_class_vectors
from .loader import get_classifier_layer


def _class_vectors(detector):
    head = get_classifier_layer(detector)
    if hasattr(head, "cls_logits") or "SSDClassificationHead" in str(type(head)):
        return ssd_class_vectors(head, 21)
    if hasattr(head, "cls_score"):
        return head.cls_score.weight.data
    if any(isinstance(m, nn.Conv2d) for m in head.modules()):
        return ssd_class_vectors(head, 21)
    for p in head.parameters():
        if p.dim() == 2:
            return p.data
    raise ValueError("no classification weights found")


def greedy_class_farthest(detector):
    W = _class_vectors(detector)
    C = W.shape[0]
    unit = W / W.norm(dim=1, keepdim=True)
    S = unit @ unit.t()
    S.masked_fill_(torch.eye(C, dtype=torch.bool, device=S.device), float("inf"))
    return [(i, int(S[i].argmin()), float(S[i].min())) for i in range(C)]


def class_similarity_matrix(detector):
    W = _class_vectors(detector)
    unit = W / W.norm(dim=1, keepdim=True)
    return unit @ unit.t(), W.shape[0]
