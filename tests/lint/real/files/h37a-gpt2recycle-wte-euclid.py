# Synthetic rewrite of the shape of wietsedv/gpt2-recycle:src/alignment/utils.py at 7d1dbac01f111d87445de5b950c88971c0a1b733 (licence Apache-2.0); not the original text.
import os
from pathlib import Path

import numpy as np
from scipy.spatial.distance import cdist
from transformers import GPT2LMHeadModel

BASE_SIZES = {"sml": "gpt2", "med": "gpt2-medium", "lrg": "gpt2-large"}
_tables = {}


def token_table(name):
    """Lexical layer (wte) of an English or retrained GPT-2 checkpoint."""
    name = BASE_SIZES.get(name, name)
    if name not in _tables:
        lm = GPT2LMHeadModel.from_pretrained(str(name))
        _tables[name] = lm.transformer.wte.weight.detach().numpy()
    return _tables[name]


def nearest_rows(src, tgt, cache_file, top=2000, recompute=False):
    """Euclidean distances from every target-vocab row to every source-vocab row,
    plus the indices of the closest source rows, cached next to each other."""
    cache_file = Path(cache_file)
    idx_file = cache_file.with_suffix(".idx.npy")
    os.makedirs(cache_file.parent, exist_ok=True)

    if cache_file.exists() and not recompute:
        dist = np.load(cache_file)
    else:
        a = token_table(src) if isinstance(src, str) else src
        b = token_table(tgt) if isinstance(tgt, str) else tgt
        dist = cdist(a, b, metric="euclidean").T
        np.save(cache_file, dist)

    if idx_file.exists() and not recompute:
        order = np.load(idx_file)
    else:
        order = np.argsort(dist, axis=1)[:, :top]
        np.save(idx_file, order)
    return dist, order
