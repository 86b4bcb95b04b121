# cosaudit corpus, synthetic file: same shape as ehallford11714/llmintent/src/llmintent/jspace/decompose.py at 36cdc23dc1d15cf488fd19ac7f31b40c2402d58a (licence MIT); new code, no text copied.
"""Read a hidden state as a few active token 'intents' by greedy pursuit over the output vocabulary."""

from dataclasses import dataclass

import torch
import torch.nn.functional as F

from intentlens.forward import final_norm
from intentlens.models import Bundle, output_matrix   # returns model.lm_head.weight


@dataclass(frozen=True)
class Intent:
    token_id: int
    token: str
    weight: float


def pursue(bundle: Bundle, hidden: torch.Tensor, k: int = 16, transport=None) -> list[Intent]:
    W = output_matrix(bundle.model).float()
    h = hidden.float() if transport is None else hidden.float() @ transport.T
    resid = final_norm(bundle, h)
    atoms = F.normalize(W, dim=1)                # one unit row per output token
    picked, seen = [], set()
    for _ in range(k):
        gains = atoms @ resid
        if seen:
            gains[list(seen)] = -1.0
        best = int(gains.argmax())
        if gains[best] <= 0:
            break
        coef = float(torch.dot(resid, atoms[best]).clamp(min=0))
        if coef < 1e-8:
            break
        picked.append((best, coef))
        seen.add(best)
        resid = resid - coef * atoms[best]
    picked.sort(key=lambda p: -p[1])
    return [Intent(t, bundle.tokenizer.decode([t]).strip(), w) for t, w in picked]


def occupancy(bundle, hidden, max_k=25, floor=0.01, transport=None):
    return sum(i.weight >= floor for i in pursue(bundle, hidden, max_k, transport))
