# Synthetic rewrite of the shape of zengting233/CGA-Graph-TTA:src/t3a.py at 1093c31f2abbe6c157a4068f9f9d0c64c537d94d (licence NOASSERTION); not the original text.
from __future__ import annotations

import torch


def score_nodes(conf: torch.Tensor, gate: torch.Tensor, mode: str, eps: float = 1e-8) -> torch.Tensor:
    g = gate.clamp(0.0, 1.0)
    table = {
        "confidence": lambda: conf,
        "confidence_sqrt_gate": lambda: conf * g.clamp_min(eps).sqrt(),
        "confidence_gate": lambda: conf * g,
        "gate": lambda: g,
    }
    if mode not in table:
        raise ValueError(f"unknown scoring mode {mode}")
    return table[mode]()


@torch.no_grad()
def class_centres_from_outputs(outputs, probs, node_mask, n_cls, quantile, mode,
                               gate=None, weight_by_score=False, eps=1e-8):
    """Per-class centres of the graph model's output vectors over confident test nodes."""
    conf, pred = probs.max(dim=-1)
    if gate is None:
        gate = torch.ones_like(conf)
    score = score_nodes(conf, gate, mode, eps)
    cut = torch.quantile(score[node_mask], float(quantile))
    chosen = node_mask.bool() & (score >= cut)
    if chosen.sum() == 0:
        chosen = node_mask.bool()

    centres = torch.zeros(n_cls, outputs.size(-1), device=outputs.device, dtype=outputs.dtype)
    fallback = outputs[node_mask].mean(0)
    counts = []
    for c in range(n_cls):
        members = chosen & (pred == c)
        if members.sum() == 0:
            members = node_mask & (pred == c)
        if members.sum() == 0:
            centres[c] = fallback
            counts.append(0)
            continue
        vecs = outputs[members]
        w = score[members].clamp_min(eps) if weight_by_score else torch.ones(len(vecs), device=vecs.device)
        # a weighted mean of the output vectors of the nodes assigned to class c
        centres[c] = (w[:, None] * vecs).sum(0) / w.sum().clamp_min(eps)
        counts.append(int(members.sum()))
    stats = {"threshold": float(cut), "kept_fraction": float(chosen.float().mean()),
             "smallest_class": min(counts), "largest_class": max(counts)}
    return centres, stats
