# Synthetic rewrite of the shape of ryankish/DoEmbeddingsConverge:calc_similarity.py at aab375657dd473c04ba66dc4d01cf5fa55051461 (licence NOASSERTION); not the original text.
"""Do two GPT-2-style runs with different token-table initialisations learn the same neighbourhoods?"""
import numpy as np
import torch
from sklearn.neighbors import NearestNeighbors


def load_tables(run_id, step):
    fmt = "runs/{}/seed{}/token_table/step{}.pt"
    return [torch.load(fmt.format(run_id, s, step), weights_only=True).numpy() for s in (1, 2)]


def neighbours(table: np.ndarray, k: int, metric: str = "inner_product"):
    if metric in ("euclidean", "cosine"):
        nn_index = NearestNeighbors(n_neighbors=k + 1, metric=metric).fit(table)
        dist, idx = nn_index.kneighbors(table)
        idx, dist = idx[:, 1:], dist[:, 1:]
        if metric == "cosine":
            dist = 1 - dist          # back to cosine similarity between token rows
        return idx, dist
    gram = table @ table.T
    np.fill_diagonal(gram, -np.inf)
    idx = np.argsort(-gram, axis=1)[:, :k]
    return idx, np.take_along_axis(gram, idx, axis=1)


def neighbourhood_overlap(table_a, table_b, k=10, metric="cosine"):
    na, _ = neighbours(table_a, k, metric)
    nb, _ = neighbours(table_b, k, metric)
    return np.array([len(set(na[i]) & set(nb[i])) / k for i in range(len(na))])


if __name__ == "__main__":
    for step in range(0, 12001, 2000):
        a, b = load_tables(run_id=3, step=step)
        overlap = neighbourhood_overlap(a, b, k=10, metric="cosine")
        print(step, float(overlap.mean()))
        np.save(f"runs/3/overlap_cosine_step{step}.npy", overlap)
