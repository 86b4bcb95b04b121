# Synthetic rewrite of the shape of QData/TextAttack:textattack/shared/word_embeddings.py at f800c2c03baba5c380d7bac69ed6060f131c8bd3 (licence MIT); not the original text.
"""Static word vectors with cached pairwise metrics, used to propose and vet word swaps."""
import numpy as np
import torch


class StaticVectors:
    """Wraps a fixed matrix of counter-fitted word vectors (one row per word)."""

    def __init__(self, matrix, word2row, cos_cache=None, sq_cache=None):
        self.matrix = matrix
        self.word2row = word2row
        self.row2word = {v: k for k, v in word2row.items()}
        self._cos = cos_cache if cos_cache is not None else {}
        self._sq = sq_cache if sq_cache is not None else {}
        self._neighbours = {}

    def _row(self, w):
        return self.word2row[w] if isinstance(w, str) else w

    def squared_gap(self, a, b):
        i, j = sorted((self._row(a), self._row(b)))
        key = (i, j)
        if key not in self._sq:
            u = torch.tensor(self.matrix[i])
            v = torch.tensor(self.matrix[j])
            self._sq[key] = float(((u - v) ** 2).sum())
        return self._sq[key]

    def cos(self, a, b):
        """Cosine between the vectors of two words (symmetric, memoised)."""
        i, j = sorted((self._row(a), self._row(b)))
        key = (i, j)
        if key not in self._cos:
            u = torch.tensor(self.matrix[i])
            v = torch.tensor(self.matrix[j])
            self._cos[key] = torch.nn.functional.cosine_similarity(u, v, dim=0).item()
        return self._cos[key]

    def neighbours(self, w, k):
        r = self._row(w)
        if r not in self._neighbours:
            table = torch.tensor(self.matrix)
            gaps = torch.linalg.norm(table - table[r], dim=1)
            self._neighbours[r] = gaps.topk(k + 1, largest=False).indices[1:].tolist()
        return self._neighbours[r]

    @classmethod
    def counter_fitted(cls, folder):
        mat = np.load(f"{folder}/vectors.npy")
        words = [line.strip() for line in open(f"{folder}/words.txt", encoding="utf-8")]
        return cls(mat, {w: i for i, w in enumerate(words)})


def allowed_swap(vectors, original, candidate, min_cos=0.7):
    return vectors.cos(original, candidate) >= min_cos
