# Synthetic rewrite of the shape of ivanvmoreno/correctness-model-internals:notebooks/best_layer_finding/automated_best_layer_llama.py at aa7270c3c1089393eec8d8179d1581f3ec0c7b80 (licence NOASSERTION); not the original text.
"""Sweep layers for a 'will the answer be correct?' direction and store the averaged direction per run."""
from collections import defaultdict

import numpy as np
import pandas as pd
from scipy.spatial.distance import cosine


def pairwise_direction_agreement(directions, names=None):
    """Upper-triangle cosine agreement between a list of probe directions."""
    directions = list(directions)
    names = list(names) if names is not None else None
    scores, keys = [], []
    for a in range(len(directions)):
        for b in range(a + 1, len(directions)):
            scores.append(1.0 - cosine(directions[a], directions[b]))
            if names is not None:
                keys.append((names[a], names[b]))
    return pd.Series(scores, index=keys or None)


def mean_difference_direction(acts, correct_mask):
    """Difference of class means of residual activations (correct minus incorrect)."""
    return acts[correct_mask].mean(axis=0) - acts[~correct_mask].mean(axis=0)


def sweep(runs, layers=(14,), n_folds=5):
    table = defaultdict(list)
    for run in runs:
        for layer in layers:
            fold_dirs = []
            for fold in range(n_folds):
                acts, labels = run.load(layer=layer, fold=fold)
                fold_dirs.append(mean_difference_direction(acts, labels.astype(bool)))
            table["run"].append(run.name)
            table["layer"].append(layer)
            table["direction"].append(np.mean(fold_dirs, axis=0))
    frame = pd.DataFrame(table)
    frame.to_parquet("directions.parquet")
    return frame


def report(frame):
    agreement = pairwise_direction_agreement(frame["direction"], frame["run"])
    print(agreement.describe())
