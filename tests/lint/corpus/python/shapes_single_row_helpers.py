# expect: COS301
"""Helpers, never called in their module, that take the cosine of a residual vector with one
unembedding row: `W_U[:, answer]` of a parameter named `W_U`, and a column of a parameter whose
second axis the helper reads as the vocabulary (`vocab = decoder_weight.shape[1]`, a [d, V] matrix),
picked through a nested function, each normalised by a norm made a Python number
(`float(torch.norm(c))`, `.item()`), and a column of a parameter named `unembed` picked by a token
(`unembed[:, tok]`: its layout is [d, V] whatever the name's usual one). The look-alikes stay quiet:
the residual projected on one unit row (a projection, not a cosine), a [V, d] table whose first axis is the vocabulary (an input table), and
`unembed[:, i]` picked by a plain index (hidden dimension i of [V, d] rows).

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


def readout_angle(resid, unembed, answer_tok):
    h = resid.float()
    h_unit = h / h.norm().item()

    def readout(tok):
        return unembed[:, tok].float()

    u = readout(answer_tok)
    return float(h_unit @ (u / u.norm()))  # expect: COS120


def hidden_unit_angle(resid, unembed, i):
    h_unit = resid / resid.norm()
    u = unembed[:, i]
    return float(h_unit @ (u / u.norm()))


def answer_projection(resid, W_U, answer):
    row = W_U[:, answer]
    return torch.dot(resid, row / row.norm())


def token_alignment(vec, table, token_id):
    vocab = table.shape[0]
    row = table[token_id % vocab]
    return torch.dot(vec / vec.norm(), row / row.norm())
