# Synthetic rewrite of the shape of Marker-Inc-Korea/vocab-expansion:src/adaptivocab_expand/init.py at 54c9d78070f26df307f2f62488f13d9a5854e12f (licence MIT); not the original text.
from typing import Dict, List

import torch


def position_weights(n, alpha, direction, device):
    """Exponentially rising (direction=+1) or falling (direction=-1) weights over n parts."""
    idx = torch.arange(n, device=device, dtype=torch.float32)
    return torch.softmax(direction * alpha * idx, dim=0)


def init_row_from_pieces(piece_rows, alpha, side):
    """New vocabulary row = weighted average of the rows of the pieces it splits into.

    side == "input": favour the last piece; side == "output" (LM head): favour the first.
    """
    n = piece_rows.shape[0]
    if n == 1:
        return piece_rows[0].clone()
    direction = 1.0 if side == "input" else -1.0
    w = position_weights(n, alpha, direction, piece_rows.device).to(piece_rows.dtype)
    return (piece_rows * w.unsqueeze(1)).sum(dim=0)


def take_rows(table, ids: List[int], cache_ids: Dict[int, int], cache):
    """Look rows up in `table`, but read ids that were cached before resizing from `cache`."""
    rows = torch.empty((len(ids), table.shape[1]), device=table.device, dtype=table.dtype)
    for slot, tid in enumerate(ids):
        hit = cache_ids.get(int(tid))
        rows[slot] = cache[hit] if hit is not None else table[int(tid)]
    return rows


def grow_head(model, old_ids_per_new_token, alpha=1.0):
    head = model.get_output_embeddings().weight
    with torch.no_grad():
        for new_id, pieces in old_ids_per_new_token.items():
            parts = head.index_select(0, torch.tensor(pieces, device=head.device))
            head[new_id] = init_row_from_pieces(parts, alpha, side="output")
