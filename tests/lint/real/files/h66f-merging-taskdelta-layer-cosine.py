# Synthetic rewrite of the shape of crisostomi/model-merging:src/model_merging/merging/structured.py at 3bb95842d2e7730a29eca7f7cc9bdf50914ab5a0 (licence MIT); not the original text.
"""Layer-wise merging of low-rank task vectors: a task's reconstructed
weight delta is skipped when it is too aligned with a delta already kept."""
import logging

import torch
from tqdm import tqdm

log = logging.getLogger(__name__)


def flat_cosine(a: torch.Tensor, b: torch.Tensor) -> float:
    """Cosine between two weight deltas after flattening both to 1-D."""
    x, y = a.reshape(-1), b.reshape(-1)
    nx, ny = x.norm().item(), y.norm().item()
    if min(nx, ny) < 1e-9:
        return 0.0
    return torch.dot(x, y).item() / (nx * ny)


@torch.no_grad()
def merge_without_redundant_tasks(base_state, low_rank, device="cuda", max_overlap=0.2):
    merged = base_state
    tasks = list(low_rank)
    for name in tqdm(list(merged), desc="merging layers"):
        key = name.replace(".transformer", "")
        is_matrix = merged[name].dim() == 2
        kept, kept_flat = [], []
        for t_idx, task in enumerate(tasks):
            if "text_projection" in name:
                continue
            if is_matrix:
                parts = low_rank[task][key]
                u, s, v = (parts[k].to(device) for k in ("u", "s", "v"))
                delta = u @ torch.diag_embed(s) @ v
                redundant = any(flat_cosine(delta, old) > max_overlap for old in kept_flat)
                if redundant:
                    log.info("dropping %s at %s (too aligned)", task, name)
                    continue
                kept.append((u, s, v))
                kept_flat.append(delta.reshape(-1))
            else:
                vec = low_rank[task][key]["dim1"].to(device)
                merged[name] = vec if t_idx == 0 else merged[name] + (vec - merged[name]) / (t_idx + 1)
        if is_matrix and kept and "text_projection" not in name:
            u_all = torch.cat([u for u, _, _ in kept], dim=1)
            s_all = torch.cat([s for _, s, _ in kept])
            v_all = torch.cat([v for _, _, v in kept], dim=0)
            merged[name] = merged[name].to(device) + u_all @ torch.diag(s_all) @ v_all
    return merged
