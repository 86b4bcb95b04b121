# Synthetic rewrite of the shape of BhavanJ/Zero_shot_action_reco_STGCN:neighbours.py at 2e8c7dbcdf77150d26170ba348e45f0db3e5d4d1 (licence NOASSERTION); not the original text.
import numpy as np
from sklearn.neighbors import NearestNeighbors

HELD_OUT = [2, 9, 14, 27, 40]   # action classes never seen in training


def closest_classes(names, table, query, k=4):
    finder = NearestNeighbors(n_neighbors=k, algorithm='auto', metric='cosine').fit(table)
    dist, idx = finder.kneighbors(query)
    print("closest action names:")
    for rank, j in enumerate(idx[0][1:]):
        print("  ", names[j], dist[0][rank])
    return idx[0], dist[0]


def main():
    with open("action_names.txt") as fh:
        names = fh.read().split("\n")
    # one sentence vector per action name, made with fastText from the label text
    table = np.load("label_text_vectors.npy")
    for c in HELD_OUT:
        print("held-out action:", names[c])
        closest_classes(names, table, table[c].reshape(1, -1))


if __name__ == "__main__":
    main()
