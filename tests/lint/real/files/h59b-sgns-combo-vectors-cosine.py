# Synthetic rewrite of the shape of moradna/Skip-Gram-Word-Embeddings-:SkipGram.py at 5d7c1f33ff21d2f2ef40113bc28fd32c67b0314c (licence NOASSERTION); not the original text.
import numpy as np


def logistic(z):
    return 1.0 / (1.0 + np.exp(-z))


class NegSamplingSkipGram:
    def __init__(self, vocab, dim=64, negatives=5):
        self.vocab = vocab
        self.index = {w: i for i, w in enumerate(vocab)}
        self.dim = dim
        self.negatives = negatives
        self.vectors = None  # chosen embedding matrix, one column per word

    def step(self, T, C, centre, samples, labels, lr):
        t = T[:, centre][:, None]
        ctx = C[samples]
        p = logistic(ctx @ t)
        err = p - labels
        T[:, centre] -= lr * (err.T @ ctx).ravel() / len(samples)
        C[samples] -= lr * err @ t.T / len(samples)

    def merge(self, T, C, mode=0):
        """0: centre only (default), 1: context only, 2: mean, 3: sum, 4: stacked."""
        if mode == 0:
            out = T
        elif mode == 1:
            out = C.T
        elif mode == 2:
            out = (T + C.T) / 2
        elif mode == 3:
            out = T + C.T
        elif mode == 4:
            out = np.concatenate((T.T, C), axis=1).T
        else:
            raise ValueError("mode must be 0..4")
        self.vectors = out
        return out

    def similarity(self, a, b):
        if self.vectors is None or a not in self.index or b not in self.index:
            return 0.0
        va = self.vectors[:, self.index[a]]
        vb = self.vectors[:, self.index[b]]
        na, nb = np.linalg.norm(va), np.linalg.norm(vb)
        return float(va @ vb / (na * nb)) if na > 0 and nb > 0 else 0.0

    def fit(self, T, C, pairs, lr=0.01):
        for centre, samples, labels in pairs:
            self.step(T, C, centre, samples, labels, lr)
        self.merge(T, C)
        return T, C
