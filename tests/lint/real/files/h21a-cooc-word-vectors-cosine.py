# Synthetic rewrite of the shape of bavi404/languagerepresentation:word_similarity.py at 6658ecd19f85d752875ac12d8c9d88e1e5e6b371 (licence NOASSERTION); not the original text.
"""Score a handful of word pairs with count-based word vectors built from a 5-word window."""
import numpy as np
from sklearn.metrics.pairwise import cosine_similarity


def load(vectors_path, index_path):
    vectors = np.load(vectors_path)
    index = np.load(index_path, allow_pickle=True).item()
    return vectors, index


def pair_score(a, b, vectors, index):
    if a not in index or b not in index:
        return None
    return cosine_similarity(vectors[index[a]][None, :], vectors[index[b]][None, :])[0][0]


if __name__ == "__main__":
    vectors, index = load("cooc_svd_w5.npy", "cooc_vocab_w5.npy")
    pairs = [("river", "lake"), ("piano", "violin"), ("bread", "butter"), ("teacher", "student")]
    for a, b in pairs:
        s = pair_score(a, b, vectors, index)
        print(f"{a:>8} ~ {b:<8} {s:.3f}" if s is not None else f"missing: {a} / {b}")
