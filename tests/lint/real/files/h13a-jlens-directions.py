# cosaudit corpus, synthetic file: same shape as xiangchensong/jacobian-lens-open-frontier/jlens/intervene.py at b8b840caaa246ad04d354b4650848f30519184b6 (licence Apache-2.0); new code, no text copied.
"""Interventions in Jacobian-lens coordinates: token directions, contrastive directions, swaps."""
from __future__ import annotations

from typing import Sequence

import torch


def _readout(model) -> torch.Tensor:
    return model.lm_head.weight          # [vocab, d_model]


def token_directions(lens, model, layer: int, token_ids: Sequence[int], *, center: bool = True) -> torch.Tensor:
    """Unit lens directions for ``token_ids`` at ``layer``.

    With ``center`` the average unembedding row is removed first: logits are only defined up to a
    constant added to every token, so the part of a row shared with the whole vocabulary raises all
    tokens alike and says nothing about this token in particular.
    """
    J = lens.jacobians[layer]                              # [d_model, d_source]
    W = _readout(model)
    rows = W[torch.as_tensor(list(token_ids), device=W.device)].to(J)
    if center:
        rows = rows - W.mean(dim=0).to(J)
    D = rows @ J
    n = D.norm(dim=-1, keepdim=True)
    return torch.where(n > 0, D / n.clamp_min(1e-12), torch.zeros_like(D))


def contrast_direction(lens, model, layer: int, src: int, dst: int) -> torch.Tensor:
    """Unit direction trading ``src``'s logit for ``dst``'s (difference first, then transport).

    The vocabulary mean cancels in the difference, so no centring option is needed.
    """
    J = lens.jacobians[layer]
    W = _readout(model)
    d = (W[dst] - W[src]).to(J) @ J
    return d / d.norm().clamp_min(1e-12)


def swap(resid: torch.Tensor, a: torch.Tensor, b: torch.Tensor, alpha: float = 1.0) -> torch.Tensor:
    """Exchange the residual's coordinates on two unit directions."""
    flat = resid.reshape(-1, resid.shape[-1])
    ca, cb = flat @ a, flat @ b
    flat = flat + alpha * ((cb - ca)[:, None] * a + (ca - cb)[:, None] * b)
    return flat.reshape(resid.shape)
