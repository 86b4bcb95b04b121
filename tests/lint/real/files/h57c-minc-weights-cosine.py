# Synthetic rewrite of the shape of isl-kobayan/chainer-minc-2500:weights_similarity.py at bcd03ed992521a71d1c93f8c49c0b9704641fe99 (licence NOASSERTION); not the original text.
"""Pairwise similarity of the rows of a saved fully connected weight matrix (one row per material class)."""
import argparse
import itertools
import os

import numpy as np
from scipy.spatial import distance


def row_similarity(path):
    table = np.load(path)          # shape: (n_classes, n_inputs), e.g. the last Linear layer
    n_rows = table.shape[0]
    flat = np.empty(n_rows * n_rows)
    for k, (a, b) in enumerate(itertools.product(table, repeat=2)):
        flat[k] = distance.cosine(a, b)
    sim = 1.0 - flat.reshape(n_rows, n_rows)
    target = os.path.splitext(path)[0] + ".csv"
    np.savetxt(target, sim, delimiter=",")
    return sim


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description="class-by-class cosine of weight rows")
    ap.add_argument("weights", help="npy file holding the weight matrix W")
    print(row_similarity(ap.parse_args().weights))
