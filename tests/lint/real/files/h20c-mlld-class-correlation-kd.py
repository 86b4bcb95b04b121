# Synthetic rewrite of the shape of Jin-Ying/Multi-Level-Logit-Distillation:mdistiller/distillers/KD_ours.py at 5ee473fcf193dfb00a0598b64d0acfe6ad58a482 (licence NOASSERTION); not the original text.
"""Instance-, class- and batch-level alignment of softened predictions for logit distillation."""
import torch
import torch.nn.functional as F


def instance_kd(s_logits, t_logits, T):
    log_p_s = F.log_softmax(s_logits / T, dim=1)
    p_t = F.softmax(t_logits / T, dim=1)
    return F.kl_div(log_p_s, p_t, reduction="none").sum(1).mean() * T * T


def class_level(s_logits, t_logits, T):
    """Compare the C x C co-activation of class probabilities across the batch."""
    n_cls = t_logits.shape[1]
    p_s = F.softmax(s_logits / T, dim=1)
    p_t = F.softmax(t_logits / T, dim=1)
    student_matrix = torch.mm(p_s.transpose(1, 0), p_s)
    teacher_matrix = torch.mm(p_t.transpose(1, 0), p_t)
    return ((teacher_matrix - student_matrix) ** 2).sum() / n_cls


def batch_level(s_logits, t_logits, T):
    """Compare the B x B similarity of samples' probability vectors."""
    bsz = t_logits.shape[0]
    p_s = F.softmax(s_logits / T, dim=1)
    p_t = F.softmax(t_logits / T, dim=1)
    g_s = p_s @ p_s.T
    g_t = p_t @ p_t.T
    return ((g_t - g_s) ** 2).sum() / bsz


def multi_level_loss(s_logits, t_logits, temps=(2.0, 3.0, 4.0, 5.0, 6.0)):
    total = 0.0
    for T in temps:
        total = total + instance_kd(s_logits, t_logits, T)
        total = total + class_level(s_logits, t_logits, T)
        total = total + batch_level(s_logits, t_logits, T)
    return total
