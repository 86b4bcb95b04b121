# Synthetic rewrite of the shape of charbelmalo/nebulai:scripts/we_wu_overlap.py at 05bc7bb357e15a913f227d3f260d3f664bb1ab5d (licence MIT); not the original text.
"""Do the input table and the output (unembedding) table agree on which tokens are neighbours?

For each token we take its k nearest neighbours by cosine in W_E and in W_U and
score how many are shared. Rows come from the loader already mean-centred over
the token axis (the loader subtracts the mean row), as the maps use them.
"""
import argparse

import numpy as np

from tokmaps.loading import load_token_rows


def unit(rows):
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return rows / norms


def neighbours(rows, k, block=1024):
    u = unit(rows.astype(np.float32))
    result = np.empty((len(u), k), dtype=np.int64)
    for start in range(0, len(u), block):
        stop = min(start + block, len(u))
        cos = u[start:stop] @ u.T
        cos[np.arange(stop - start), np.arange(start, stop)] = -np.inf
        result[start:stop] = np.argsort(-cos, axis=1)[:, :k]
    return result


def fetch(model, side, limit):
    return load_token_rows(model, side=side, limit=limit, center=True)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--model", required=True)
    p.add_argument("--limit", type=int, default=4000)
    p.add_argument("--k", type=int, default=40)
    a = p.parse_args()

    emb, names = fetch(a.model, "input", a.limit)
    nb_in = neighbours(emb, a.k)
    unemb, names_out = fetch(a.model, "output", a.limit)
    assert names_out == names
    nb_out = neighbours(unemb, a.k)

    shared = np.array([len(set(x) & set(y)) / a.k for x, y in zip(nb_in, nb_out)])
    print(f"mean shared neighbours {shared.mean():.3f}  (chance {a.k / (len(names) - 1):.5f})")


if __name__ == "__main__":
    main()
