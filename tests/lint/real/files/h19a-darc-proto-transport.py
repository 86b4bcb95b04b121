# Synthetic rewrite of the shape of Arong-gong/DARC-FSCIL:darc/prototypes.py at 91bc26287238ebbeb63e7099a2af74c7782238e7 (licence MIT); not the original text.
"""Repairing a blurred few-shot prototype with displacements measured on base-class prototypes."""
from dataclasses import dataclass

import torch
import torch.nn.functional as F


@dataclass
class Repaired:
    vector: torch.Tensor
    trust: float
    picked: torch.Tensor


def coherence(scores, clean_nb, blurred_nb, tau):
    w = F.softmax(scores / tau, dim=0)
    shifts = F.normalize(clean_nb - blurred_nb, dim=-1)
    return torch.sum(shifts * w[:, None], dim=0).norm()


def repair_prototype(blurred_proto, clean_base_means, blurred_base_means, k=3, tau=1.0,
                     lo=0.6, hi=1.0, eps=1e-8):
    """Find the base classes whose blurred class means point the same way, then move
    the blurred novel prototype by their blurred-to-clean displacement."""
    scale = blurred_proto.norm().clamp_min(eps)
    unit_bases = F.normalize(blurred_base_means, p=2, dim=-1, eps=eps)
    unit_query = F.normalize(blurred_proto, p=2, dim=0, eps=eps)
    sims = torch.mv(unit_bases, unit_query)
    top, idx = torch.topk(sims, min(k, unit_bases.size(0)))
    w = F.softmax(top / tau, dim=0)
    clean_anchor = (clean_base_means[idx] * w[:, None]).sum(0)
    blurred_anchor = (blurred_base_means[idx] * w[:, None]).sum(0)
    trust = coherence(top, clean_base_means[idx], blurred_base_means[idx], tau)
    rho = lo + (hi - lo) * trust
    moved = clean_anchor + rho * (blurred_proto - blurred_anchor)
    out = F.normalize(moved, dim=0, eps=eps) * scale
    return Repaired(out, float(trust), idx)
