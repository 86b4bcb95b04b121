# cosaudit corpus, synthetic file: same shape as Princu1999/Data-Free-Knowledge-Distillation/losses.py at 38a133417abde5d9d995f7ec65a49a9794ed6de9 (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn.functional as F


def distill_kl(student_logits, teacher_logits, T=4.0):
    """soft-target KL between student and teacher, scaled by T^2"""
    log_p = F.log_softmax(student_logits / T, dim=1)
    q = F.softmax(teacher_logits / T, dim=1)
    return F.kl_div(log_p, q, reduction="batchmean") * T * T


def batch_diversity(fakes):
    """mean off-diagonal cosine between generated images; lower means a more varied batch"""
    n = fakes.shape[0]
    flat = F.normalize(fakes.reshape(n, -1), dim=1)
    gram = flat @ flat.t()
    off = gram - torch.diag(torch.diag(gram))
    return off.sum() / (n * (n - 1))
