# Synthetic rewrite of the shape of wooozihui/GlitchMiner:baseline_code/Magikarp/fishing.py at 77cf15b8ede12c3700a21ab72cf549d52b19eb0d (licence NOASSERTION); not the original text.
"""Baseline: after one confirmed glitch token, rank the rest of the vocabulary by likeness to it."""
import random

import torch
import torch.nn.functional as F


def pick_candidates(model, tokenizer, is_glitch, skip_ids, k=200):
    tied = bool(getattr(model.config, "tie_word_embeddings", False))
    table_in = model.get_input_embeddings().weight.detach().cpu()
    n_vocab = table_in.shape[0]
    chosen = []

    if tied:
        seed = None
        while seed is None:
            tid = random.randrange(n_vocab)
            if tid not in skip_ids and is_glitch(tid):
                seed = tid
            chosen.append(tid)
            if len(chosen) == k:
                return chosen
        out_rows = model.get_output_embeddings().weight.detach().cpu()
        ref = out_rows[seed]
        ranked = []
        for tid in range(n_vocab):
            if tid == seed or tid in skip_ids:
                continue
            sim = F.cosine_similarity(ref, out_rows[tid], dim=0)
            ranked.append((tid, sim.item()))
        ranked.sort(key=lambda pair: pair[1], reverse=True)
        for tid, _ in ranked:
            if len(chosen) >= k:
                break
            chosen.append(tid)
    else:
        sizes = [(tid, table_in[tid].norm().item()) for tid in range(n_vocab) if tid not in skip_ids]
        sizes.sort(key=lambda pair: pair[1])
        chosen.extend(tid for tid, _ in sizes[:k])
    return chosen
