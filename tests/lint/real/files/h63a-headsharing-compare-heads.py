# Synthetic rewrite of the shape of Alibaba-MIIL/HeadSharingKD:kd_teacher_head/compare_heads.py at 8e2738bf069c7d12ec933f9b9107f267f7b6603a (licence BSD-2-Clause); not the original text.
import numpy as np
import torch


def _cosine(a, b):
    return (a * b).sum() / (a.norm() * b.norm())


def rowwise_head_agreement(student_w, teacher_w):
    """For every class, cosine between the student's and the teacher's classifier row."""
    per_class = np.array([
        _cosine(student_w[k], teacher_w[k]).item() for k in range(student_w.shape[0])
    ])
    summary = {
        "mean": per_class.mean(),
        "mean_abs": np.abs(per_class).mean(),
        "std": per_class.std(),
        "max_abs": np.abs(per_class).max(),
    }
    return summary, " | ".join(f"{k}: {v:.6f}" for k, v in summary.items())


def bias_agreement(student_b, teacher_b):
    n = student_b.shape[0]
    out = {
        "l2": torch.linalg.norm(student_b - teacher_b).item(),
        "abs": ((student_b - teacher_b).abs().sum() / n).item(),
        "cos": _cosine(student_b, teacher_b).item(),
    }
    return out, " | ".join(f"{k}: {v:.6f}" for k, v in out.items())


def report(student_fc, teacher_fc, tag="start"):
    _, w_txt = rowwise_head_agreement(student_fc.weight, teacher_fc.weight)
    _, b_txt = bias_agreement(student_fc.bias, teacher_fc.bias)
    print(f"[{tag}] student-vs-teacher head rows: cos {w_txt} | bias {b_txt}")
