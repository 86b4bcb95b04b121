# cosaudit corpus, synthetic file: same shape as haitongli/knowledge-distillation-pytorch/model/net.py at 9937528f0be0efa979c745174fbcbe9621cea8b7 (licence MIT); new code, no text copied.
import torch.nn as nn
import torch.nn.functional as F


def distillation_loss(student, labels, teacher, params):
    """Hinton-style distillation: softened KL to the teacher plus hard-label cross-entropy."""
    T = params.temperature
    alpha = params.alpha
    soft = nn.KLDivLoss(reduction="batchmean")(F.log_softmax(student / T, dim=1), F.softmax(teacher / T, dim=1))
    return soft * (alpha * T * T) + F.cross_entropy(student, labels) * (1.0 - alpha)
