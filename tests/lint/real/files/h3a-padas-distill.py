# cosaudit corpus, synthetic file: same shape as padas-lab-de/intra-class-similarity-guided-distillation/run_glue_with_distillation.py at 8ab3ae743ac2dc62549187b649bd1f0cd80be749 (licence NOASSERTION); new code, no text copied.
"""Distil a BERT teacher into a smaller student on a GLUE task, with an intra-class similarity term."""
import torch
import torch.nn.functional as F


def intra_class_similarity(hidden, labels, eps=1e-8):
    """mean cosine between the [CLS] states of examples that share a label, averaged over the batch"""
    flat = hidden[:, 0]
    total = 0.0
    for i in range(len(flat)):
        same = (labels == labels[i]).nonzero().flatten()
        acc = 0.0
        for j in same.tolist():
            a, b = flat[j], flat[i]
            acc = acc + (a @ b) / (a.norm() * b.norm() + eps)
        total = total + acc / len(same)
    return total / len(flat)


def distill_loss(student_out, teacher_out, labels, temperature=2.0, lam=0.1):
    soft = F.kl_div(F.log_softmax(student_out.logits / temperature, -1),
                    F.softmax(teacher_out.logits / temperature, -1), reduction="batchmean") * temperature ** 2
    hard = F.cross_entropy(student_out.logits, labels)
    sim_gap = intra_class_similarity(teacher_out.hidden_states[-1], labels) - \
        intra_class_similarity(student_out.hidden_states[-1], labels)
    return soft + hard + lam * sim_gap.abs()
