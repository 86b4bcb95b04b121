# expect: COS301
"""A binary cross-entropy of a softmax's outputs (data impressions of a softmax teacher, zero-shot
distillation): the teacher's head is a softmax head all the same, so the cosines of its rows, used as
class similarities, are reported.

Shapes seen in public zero-shot knowledge-distillation code; written for cosaudit's tests.
"""
import torch
import torch.nn.functional as F


def class_similarity(teacher):
    last = list(teacher.children())[-1]
    W = F.normalize(next(last.parameters()), dim=1)
    return W @ W.T  # expect: COS101


def impressions(teacher, targets, steps=100):
    x = torch.randn(len(targets), 3, 32, 32, requires_grad=True)
    bce = torch.nn.BCELoss()
    for _ in range(steps):
        probs = torch.softmax(teacher(x) / 20.0, dim=1)
        loss = bce(probs, targets)
        loss.backward()
    return x
