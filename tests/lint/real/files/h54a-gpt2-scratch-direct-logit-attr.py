# Synthetic rewrite of the shape of Muneeb50702/GPT2-From-Scratch:attribution.py at 887f5895aa03dde48c2963d95ae5924f77f31cad (licence NOASSERTION); not the original text.
"""Gradient-times-input and per-component logit contributions."""

import torch


def saliency(scores: torch.Tensor, x: torch.Tensor, cls: int) -> torch.Tensor:
    total = scores[..., cls].sum()
    (g,) = torch.autograd.grad(total, x, retain_graph=True, allow_unused=True)
    if g is None:
        raise RuntimeError("input does not require grad")
    return g * x


def logit_contribution(piece: torch.Tensor, token_row: torch.Tensor) -> torch.Tensor:
    """How much one residual piece (..., d) adds to one token's logit."""
    return (piece * token_row).sum(dim=-1)
