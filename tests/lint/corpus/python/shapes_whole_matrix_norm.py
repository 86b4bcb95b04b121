# expect: COS301
"""A steering direction read through the head: the head divided by one number (its Frobenius norm,
`W.norm()`, `torch.norm(W)`, `np.linalg.norm(W)`) keeps its rows' lengths apart, so the products are
rescaled logits, a logit lens (quiet). Divided row by row (`dim=-1`), or a single row divided by its
own norm, they are cosines.

Shape seen in public steering-vector analyses of reasoning models; written for cosaudit's tests.
"""
import numpy as np
import torch


def top_token_by_scaled_logit(model, direction):
    scaled_head = model.lm_head.weight / model.lm_head.weight.norm()
    scores = scaled_head @ (direction / direction.norm())
    return int(torch.argmax(scores))


def top_token_by_frobenius(model, direction):
    head = model.lm_head.weight.detach().numpy()
    return int(np.argmax((head / np.linalg.norm(head)) @ direction))


def top_token_by_cosine(model, direction):
    unit_rows = model.lm_head.weight / model.lm_head.weight.norm(dim=-1, keepdim=True)
    scores = unit_rows @ (direction / direction.norm())  # expect: COS120
    return int(torch.argmax(scores))


def two_token_cosine(model, i, j):
    a, b = model.lm_head.weight[i], model.lm_head.weight[j]
    return float((a / a.norm()) @ (b / b.norm()))  # expect: COS101


def picked_rows_scaled(model, ids):
    rows = model.lm_head.weight[ids]
    scaled = rows / rows.norm()
    return scaled @ scaled.T  # expect: COS102
