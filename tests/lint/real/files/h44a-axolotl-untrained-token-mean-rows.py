# Synthetic rewrite of the shape of axolotl-ai-cloud/axolotl:src/axolotl/core/tokenizer_utils.py at 42f1539ee5f1bfdecdeb8ccaa24596db86c27e6a (licence Apache-2.0); not the original text.
"""Repair never-trained special tokens before fine-tuning by giving them the average row."""
from collections import Counter

import torch


@torch.inference_mode()
def reset_dead_token_rows(model, tokenizer, used_ids, eps=1e-16):
    emb = model.get_input_embeddings().weight
    lm_head_matrix = model.get_output_embeddings().weight
    width = min(emb.shape[1], lm_head_matrix.shape[1])
    emb, lm_head_matrix = emb[:, :width], lm_head_matrix[:, :width]

    dead_in = emb.amax(dim=1) <= eps
    # untrained output rows tend to be exact duplicates of each other
    cand = torch.where(dead_in)[0]
    rows = lm_head_matrix[cand].float().cpu().numpy().round(3)
    seen = Counter(hash(r.tobytes()) for r in rows)
    dup = [int(cand[i]) for i, r in enumerate(rows) if seen[hash(r.tobytes())] >= 2]
    dead_out = lm_head_matrix.amax(dim=1) <= eps
    dead_out[dup] = True
    dead = torch.where(dead_in & dead_out)[0].tolist()
    if tokenizer.pad_token_id in dead:
        dead.remove(tokenizer.pad_token_id)
    to_fix = [t for t in dead if t in used_ids]
    if not to_fix:
        return []

    n_trained = emb.shape[0] - len(dead)
    sum_lm_head = lm_head_matrix.float().sum(0) - lm_head_matrix[dead].float().sum(0)
    mean_lm_head = sum_lm_head / n_trained
    mean_in = (emb.float().sum(0) - emb[dead].float().sum(0)) / n_trained
    emb[to_fix] = mean_in.to(emb.dtype)
    lm_head_matrix[to_fix] = mean_lm_head.to(lm_head_matrix.dtype)
    return to_fix
