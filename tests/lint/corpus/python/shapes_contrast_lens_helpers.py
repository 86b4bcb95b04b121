"""A contrast direction `q = w_a - w_b` ranked by cosine against every row of the head, through two
helpers: the outer one normalises the rows (raw and after subtracting the vocabulary mean) and hands them
to an inner one that normalises `q` and ranks. The raw rows' ranking is a cosine lens (COS120, at the
warning level even though the same call site also ranks the centred rows, which alone would be
informational); ranking by the raw dot product stays quiet.

Shapes seen in public contrast-direction scripts of 2026; written for cosaudit's tests.
"""
import torch


def closest(q, unit_rows, n):
    q_unit = q / q.norm()
    sims = unit_rows @ q_unit
    return sims.abs().topk(n).indices


def by_logit(q, rows, n):
    return (rows @ q).topk(n).indices


def contrast_neighbours(head, pairs, n=12):
    centred = head - head.mean(dim=0)
    centred_unit = centred / centred.norm(dim=1, keepdim=True)
    plain_unit = head / head.norm(dim=1, keepdim=True)
    out = {}
    for a, b in pairs:
        q = head[a] - head[b]
        out[(a, b)] = (closest(q, centred_unit, n), closest(q, plain_unit, n), by_logit(q, head, n))
    return out


def main(model):
    W = model.get_output_embeddings().weight.detach().float()
    return contrast_neighbours(W, [(10, 20)])  # expect: COS120
