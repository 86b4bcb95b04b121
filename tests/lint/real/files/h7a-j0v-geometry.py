# cosaudit corpus, synthetic file: same shape as J0V1K/mechinterp-project/src/geometry_metrics.py at 187792e0f7818b48130dc2f5421a754eb42b6876 (licence NOASSERTION); new code, no text copied.
"""Unembedding geometry of number tokens relative to one animal token."""
import torch
import torch.nn.functional as F


def head_rows(lm):
    return lm.lm_head.weight.detach()


def attach_geometry(lm, animal_id, records):
    W = head_rows(lm)
    animal = W[animal_id]
    animal_unit = F.normalize(animal, dim=0)
    out = []
    for rec in records:
        num = W[int(rec["number_token"])]
        sim = float(torch.dot(animal_unit, F.normalize(num, dim=0)))
        raw = float(torch.dot(animal, num))
        out.append({**rec, "cosine": sim, "dot": raw})
    return out
