# Synthetic rewrite of the shape of Muneeb50702/GPT2-From-Scratch:logit_lens.py at 887f5895aa03dde48c2963d95ae5924f77f31cad (licence NOASSERTION); not the original text.
"""Helpers for reading intermediate residuals through the output head."""

import torch


def lens_logits(hidden: torch.Tensor, head_matrix: torch.Tensor) -> torch.Tensor:
    """Send a residual state straight to vocabulary scores."""
    return hidden @ head_matrix.T


def best_k(scores: torch.Tensor, k: int = 5):
    top = torch.topk(scores, k=k, dim=-1)
    return top.indices, top.values
