# cosaudit corpus, synthetic file: same shape as konstantinjdobler/focus/src/deepfocus/focus.py at c98a81c3867966f019222e1ee8fae2686bd2a18d (licence MIT); new code, no text copied.
"""Initialise rows for a new tokenizer from overlapping tokens (FOCUS-style).

Overlapping tokens copy their source row. New tokens become a sparse convex mix of overlapping
tokens' source rows; the mixing weights come from similarities in an auxiliary fastText space.
"""
from dataclasses import dataclass

import entmax
import numpy as np
import torch
from fastdist import fastdist
from tqdm import tqdm


@dataclass
class Tok:
    id: int
    aux: np.ndarray          # auxiliary (fastText) vector
    src_row: torch.Tensor = None


def init_target_rows(source_rows, overlap, new, target_vocab_size, seed=0):
    torch.manual_seed(seed)
    mu, sd = source_rows.mean(0), source_rows.std(0)
    target = torch.normal(mu.expand(target_vocab_size, -1), sd.expand(target_vocab_size, -1))
    for t in overlap:
        target[t.id] = t.src_row
    return mix_new_tokens(overlap, new, target)


def mix_new_tokens(overlap, new, target, device="cpu"):
    aux_new = np.asarray([t.aux for t in new], dtype="float32")
    aux_old = np.asarray([t.aux for t in overlap], dtype="float32")
    sim = fastdist.cosine_matrix_to_matrix(aux_new, aux_old)
    rows = torch.stack([t.src_row for t in overlap])
    for i, tok in enumerate(tqdm(new, desc="mixing")):
        w = entmax.sparsemax(torch.from_numpy(sim[i]).to(device))
        keep = w > 0
        target[tok.id] = (rows[keep] * w[keep, None]).sum(0)
    return target
