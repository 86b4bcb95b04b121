# Synthetic rewrite of the shape of forms-and-features/logos-in-layers:001_layers_baseline/layers_core/surface.py at 87ab64dcbde655d7e71f747daf75db52f819f4fa (licence MIT); not the original text.
"""Per-layer 'surface' diagnostics for a logit-lens sweep.

`unembed` is the model's unembedding matrix laid out [d_model, vocab], so
column t is the read-out vector of token t.
"""
import math
from typing import Iterable, List, Optional, Sequence, Tuple

import torch


def prompt_token_ids(ctx_ids: Sequence[int], decode) -> List[int]:
    keep = []
    for t in dict.fromkeys(int(i) for i in ctx_ids):
        if decode(t).strip():
            keep.append(t)
    return keep


def echo_vs_answer_mass(probs: torch.Tensor, prompt_ids: Iterable[int], answer_id: Optional[int]):
    echo = float(sum(probs[t].item() for t in prompt_ids))
    ans = float(probs[answer_id].item()) if answer_id is not None else None
    ratio = None if ans is None else ans / (echo + 1e-9)
    return echo, ans, ratio


def angle_to_readouts(
    resid: Optional[torch.Tensor],
    unembed: Optional[torch.Tensor],
    prompt_ids: Iterable[int],
    answer_id: Optional[int],
) -> Tuple[Optional[float], Optional[float]]:
    """cos(residual, answer read-out column) and the best cos to any prompt-token column."""
    if resid is None or unembed is None:
        return None, None
    h = resid.detach().float()
    h_len = h.norm().item()
    if not math.isfinite(h_len) or h_len == 0.0:
        return None, None
    h_unit = h / h_len

    def readout(tok: int) -> Optional[torch.Tensor]:
        if tok < 0 or tok >= unembed.shape[1]:
            return None
        return unembed[:, tok].to(h_unit.device, torch.float32)

    to_answer = None
    if answer_id is not None:
        u = readout(answer_id)
        if u is not None and u.norm().item() > 0:
            to_answer = float(h_unit @ (u / u.norm()))

    to_prompt = None
    for tok in prompt_ids:
        u = readout(int(tok))
        if u is None or u.norm().item() == 0:
            continue
        c = float(h_unit @ (u / u.norm()))
        to_prompt = c if to_prompt is None else max(to_prompt, c)
    return to_answer, to_prompt
