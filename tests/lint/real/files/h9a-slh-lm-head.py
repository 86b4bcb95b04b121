# cosaudit corpus, synthetic file: same shape as hzeng2000/selective-lm-head/selective_lm_head/lm_head.py at 24cf1865e068605c247a7a7aee8c1c26b8c9221f (licence NOASSERTION); new code, no text copied.
"""Output-layer arithmetic used by the constrained decoder."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import torch
import torch.nn.functional as F


def head_weight_and_bias(model: Any) -> tuple[Any, Any | None]:
    """Find the vocabulary projection of a causal LM."""
    head = model.get_output_embeddings() if hasattr(model, "get_output_embeddings") else None
    if head is None:
        head = getattr(model, "lm_head", None)
    if head is None or getattr(head, "weight", None) is None:
        raise AttributeError("model has no usable output projection")
    return head.weight, getattr(head, "bias", None)


def as_index(ids: Sequence[int] | Any, device=None) -> torch.Tensor:
    if isinstance(ids, torch.Tensor):
        return ids.to(device=device, dtype=torch.long)
    return torch.tensor(list(ids), dtype=torch.long, device=device)


def last_position(hidden: torch.Tensor) -> torch.Tensor:
    if hidden.dim() == 3:
        return hidden[:, -1]
    return hidden if hidden.dim() == 2 else hidden.unsqueeze(0)


@torch.no_grad()
def all_scores(hidden, weight, bias=None):
    return F.linear(last_position(hidden), weight, bias)


@torch.no_grad()
def allowed_scores(hidden, weight, allowed, bias=None):
    """Scores for the permitted vocabulary entries only, shape [batch, K]."""
    idx = as_index(allowed, weight.device)
    rows = weight.index_select(0, idx)
    b = bias.index_select(0, idx) if bias is not None else None
    return F.linear(last_position(hidden), rows, b)


@torch.no_grad()
def mask_outside(scores, allowed, fill=float("-inf")):
    idx = as_index(allowed, scores.device)
    out = torch.full_like(scores, fill)
    out.index_copy_(-1, idx, scores.index_select(-1, idx))
    return out


@torch.no_grad()
def pick(scores, allowed=None, temperature=0.0) -> tuple[int, int]:
    flat = scores.reshape(-1)
    if temperature > 0:
        j = int(torch.multinomial(torch.softmax(flat / temperature, -1), 1))
    else:
        j = int(flat.argmax())
    if allowed is None:
        return j, j
    return int(as_index(allowed)[j]), j


@torch.no_grad()
def check_equivalence(hidden, weight, allowed, bias=None, tol=1e-3) -> dict:
    full = all_scores(hidden, weight, bias)
    idx = as_index(allowed, full.device)
    sub = allowed_scores(hidden, weight, idx, bias)
    same = torch.allclose(full.index_select(-1, idx), sub, atol=tol, rtol=tol)
    return {
        "scores_match": bool(same),
        "argmax_match": pick(mask_outside(full, idx))[0] == pick(sub, idx)[0],
        "k": int(idx.numel()),
    }
