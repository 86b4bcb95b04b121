# Synthetic rewrite of the shape of Okabe-Rintarou-0/fed:tools.py at 55e6d9d88e3243084bb03f5193b8b670f909c91d (licence NOASSERTION); not the original text.
from typing import Dict, List

import torch
import torch.nn.functional as F


def flatten_head(state: Dict[str, torch.Tensor]) -> torch.Tensor:
    """Concatenate every classifier ("cls") tensor of a state dict into one vector."""
    return torch.cat([v.reshape(-1) for k, v in state.items() if "cls" in k])


def head_update_dissimilarity(
    ids: List[int],
    start: Dict[str, torch.Tensor],
    states: Dict[int, Dict[str, torch.Tensor]],
    keys: List[str],
) -> torch.Tensor:
    """Negative cosine between clients' flattened classifier updates (one scalar per pair)."""
    n = len(ids)
    out = torch.zeros(n, n)
    moved = {}
    for cid in ids:
        step = {k: states[cid][k] - start[k] for k in states[cid] if k in keys}
        moved[cid] = flatten_head(step).unsqueeze(0)
    for a in range(n):
        for b in range(a, n):
            d = -F.cosine_similarity(moved[ids[a]], moved[ids[b]])
            out[a, b] = d
            out[b, a] = d
    return out


def head_update_spread(ids, start, states):
    n = len(ids)
    spread = torch.zeros(n)
    moved = {cid: flatten_head({k: states[cid][k] - start[k] for k in states[cid] if "cls" in k}).unsqueeze(0)
             for cid in ids}
    for a in range(n):
        for b in range(a + 1, n):
            spread[a] += -F.cosine_similarity(moved[ids[a]], moved[ids[b]]).item()
        spread[a] /= n
    return spread
