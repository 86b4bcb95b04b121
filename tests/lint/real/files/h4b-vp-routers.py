# cosaudit corpus, synthetic file: same shape as deil87/vocab-pruning-llm/src/routers.py at e1fb8451796f99c7dcc6238e67411e4747e82c91 (licence Apache-2.0); new code, no text copied.
"""Shortlist routers: pick K candidate tokens before running the LM head on them only."""
import torch
import torch.nn.functional as F


def norm_ranked_tokens(head_weight: torch.Tensor) -> torch.Tensor:
    """Context-free baseline: tokens ordered by the length of their head row."""
    return head_weight.norm(dim=-1).argsort(descending=True)


def cosine_router(hidden: torch.Tensor, unit_rows: torch.Tensor, k: int) -> torch.Tensor:
    """unit_rows = F.normalize(lm_head.weight, dim=-1), shape [V, d]."""
    q = F.normalize(hidden.float().to(unit_rows.device).unsqueeze(0), dim=-1)
    scores = (q @ unit_rows.T).squeeze(0)                      # [V] cosines
    return scores.topk(k).indices.cpu()


def attended_neighbour_router(hidden, attn, input_ids, unit_rows, k, n_pos=8, n_nbr=32):
    """Tokens the last position attends to, plus their nearest tokens in the head."""
    weights = attn[-1][0][:, -1, :].mean(0).float().cpu()      # [T]
    picked = input_ids.cpu()[weights.topk(min(n_pos, weights.numel())).indices]
    rows = unit_rows[picked.to(unit_rows.device)]              # [n_pos, d]
    nbrs = (rows @ unit_rows.T).topk(n_nbr, dim=1).indices.cpu()
    chosen = torch.cat([picked, nbrs.flatten()]).unique()
    if chosen.numel() >= k:
        return chosen[:k]
    q = F.normalize(hidden.float().to(unit_rows.device).unsqueeze(0), dim=-1)
    fill = (q @ unit_rows.T).squeeze(0).cpu()
    fill[chosen] = float("-inf")
    return torch.cat([chosen, fill.topk(k - chosen.numel()).indices])
