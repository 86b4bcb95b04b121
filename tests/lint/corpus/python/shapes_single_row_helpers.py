# expect: COS301
"""Helpers, never called in their module, that take the cosine of a residual vector with one
unembedding row: `W_U[:, answer]` of a parameter named `W_U`, and a column of a parameter whose
second axis the helper reads as the vocabulary (`vocab = decoder_weight.shape[1]`, a [d, V] matrix),
picked through a nested function, each normalised by a norm made a Python number
(`float(torch.norm(c))`). The look-alikes stay quiet: the residual projected on one unit row (a
projection, not a cosine), and a [V, d] table whose first axis is the vocabulary (an input table).

Shapes seen in public residual-stream "crossover" analyses; written for cosaudit's tests.
"""
import math

import torch


def answer_alignment(resid, W_U, answer):
    unit = resid / resid.norm()
    row = W_U[:, answer]
    return torch.dot(unit, row / row.norm())  # expect: COS120


def answer_cosine(resid, W_U, answer):
    return torch.nn.functional.cosine_similarity(resid, W_U[:, answer], dim=0)  # expect: COS120


def geometric_cosines(resid_vec, decoder_weight, answer_token_id):
    r = resid_vec.float()
    ru = r / (float(torch.norm(r)) + 1e-12)

    def column(ix):
        vocab = decoder_weight.shape[1]
        return decoder_weight[:, int(ix)] if 0 <= ix < vocab else None

    c = column(int(answer_token_id))
    dn = float(torch.norm(c))
    return float(torch.dot(ru, c / (dn + 1e-12))) if math.isfinite(dn) else None  # expect: COS120


def answer_projection(resid, W_U, answer):
    row = W_U[:, answer]
    return torch.dot(resid, row / row.norm())


def token_alignment(vec, table, token_id):
    vocab = table.shape[0]
    row = table[token_id % vocab]
    return torch.dot(vec / vec.norm(), row / row.norm())
