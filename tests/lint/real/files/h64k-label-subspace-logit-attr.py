# Synthetic rewrite of the shape of TejasNC/task-subspace-logit-attribution:src/scores.py at fa0f13ac26e37cbbc66fef8609cf67fddd177d23 (licence NOASSERTION); not the original text.
"""Head scores for a two-label task: how much of a head's output lies in the span
of the label unembedding rows, and how far it pushes the right label over the
wrong one relative to that in-span size."""
import numpy as np
import torch


def span_projector(label_rows: torch.Tensor) -> torch.Tensor:
    M = label_rows.float()                       # (n_labels, d)
    return M.T @ torch.linalg.inv(M @ M.T) @ M   # orthogonal projector onto the label span


def in_span_size(out: torch.Tensor, P: torch.Tensor) -> float:
    return (P @ out.float()).norm().item()


def label_push(out: torch.Tensor, label_rows: torch.Tensor, right: int,
               P: torch.Tensor, eps: float = 1e-8) -> float:
    wrong = 1 - right
    gap = label_rows[right].float() - label_rows[wrong].float()   # logit-difference direction
    return torch.dot(out.float(), gap).item() / ((P @ out.float()).norm().item() + eps)


def score_all(head_outs: torch.Tensor, label_rows: torch.Tensor, right: int):
    L, H, _ = head_outs.shape
    P = span_projector(label_rows)
    size = np.zeros((L, H))
    push = np.zeros((L, H))
    for l in range(L):
        for h in range(H):
            v = head_outs[l, h].to(label_rows.device)
            size[l, h] = in_span_size(v, P)
            push[l, h] = label_push(v, label_rows, right, P)
    return size, push
