# Synthetic rewrite of the shape of kawine/contextual:analyze.py at c10c992a20d09660bcbac1e84466a3004374317c (licence NOASSERTION); not the original text.
"""How context-specific are a language model's token representations, layer by layer?

Reads per-sentence hidden-state dumps (one HDF5 dataset per sentence, shaped
[layers, tokens, width]) and reports, for each word type, how similar its
occurrences are to one another in every layer.
"""
import csv
import itertools
import random

import h5py
import numpy as np
from scipy.spatial.distance import cosine


def occurrence_self_similarity(dump_path, word_positions, out_csv, max_pairs=1000):
    dumps = h5py.File(dump_path, "r")
    n_layers = dumps["0"].shape[0]
    cols = ["word"] + [f"layer_{l}" for l in range(n_layers)]
    out = csv.DictWriter(open(out_csv, "w"), fieldnames=cols)
    out.writeheader()

    for word, spots in word_positions.items():
        row = {"word": word}
        pairs = [(a, b) for a, b in itertools.permutations(range(len(spots)), 2)]
        if len(pairs) > max_pairs:
            pairs = random.sample(pairs, max_pairs)
        for layer in range(n_layers):
            sims = []
            for a, b in pairs:
                (sa, ta), (sb, tb) = spots[a], spots[b]
                va = dumps[str(sa)][layer, ta]
                vb = dumps[str(sb)][layer, tb]
                sims.append(1.0 - cosine(va, vb))     # contextual hidden-state cosine
            row[f"layer_{layer}"] = round(float(np.nanmean(sims)), 3)
        out.writerow(row)


def baseline_random_pairs(dump_path, n_layers, n_samples=1000):
    """Average cosine between hidden states of random, unrelated tokens (anisotropy baseline)."""
    dumps = h5py.File(dump_path, "r")
    keys = list(dumps.keys())
    means = []
    for layer in range(n_layers):
        vals = []
        for _ in range(n_samples):
            x, y = random.sample(keys, 2)
            u = dumps[x][layer, random.randrange(dumps[x].shape[1])]
            v = dumps[y][layer, random.randrange(dumps[y].shape[1])]
            vals.append(1.0 - cosine(u, v))
        means.append(float(np.mean(vals)))
    return means
