# Synthetic rewrite of the shape of deil87/vocab-pruning-llm:src/routers.py at e1fb8451796f99c7dcc6238e67411e4747e82c91 (licence Apache-2.0); not the original text.
"""Candidate-vocabulary routers for a pruned decoding step."""
import torch
import torch.nn.functional as F

from src.settings import SETTINGS


def unit_head(model) -> torch.Tensor:
    # one unit vector per vocabulary entry, taken from the output projection
    return F.normalize(model.lm_head.weight.float(), dim=-1)


def cosine_candidates(h: torch.Tensor, lm_head_norm_dev: torch.Tensor, k: int) -> torch.Tensor:
    q = F.normalize(h.float().unsqueeze(0), dim=-1)
    scores = (q @ lm_head_norm_dev.T).squeeze(0)
    return scores.topk(k).indices.cpu()


def attention_neighbour_candidates(h, k, seq_ids, attn, lm_head_norm_dev):
    """Tokens the last layer attends to, plus their nearest vocabulary neighbours."""
    weights = attn[-1][0][:, -1, :].mean(dim=0).float().cpu()
    n = min(SETTINGS.top_positions, weights.shape[0])
    picked = seq_ids.cpu()[weights.topk(n).indices]

    rows_of_picked = lm_head_norm_dev[picked.to(lm_head_norm_dev.device)]
    neighbour_scores = rows_of_picked @ lm_head_norm_dev.T
    width = min(SETTINGS.neighbours_per_token, lm_head_norm_dev.shape[0])
    neighbours = neighbour_scores.topk(width, dim=1).indices.cpu()

    pool = torch.cat([picked, neighbours.reshape(-1)]).unique()
    if len(pool) >= k:
        return pool[:k]
    q = F.normalize(h.float().unsqueeze(0), dim=-1)
    fill = (q @ lm_head_norm_dev.T).squeeze(0).cpu()
    fill[pool] = -1e9
    return torch.cat([pool, fill.topk(k - len(pool)).indices])
