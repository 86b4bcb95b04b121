# Synthetic rewrite of the shape of tkasarla/max-separation-as-inductive-bias:create_max_separated_matrix.py at cb41815ac4d423b006f717a427f4dbe468f98dc5 (licence NOASSERTION); not the original text.
# Build a fixed matrix of maximally separated class vectors, to be used as a
# frozen output layer (logits = features @ P.T) instead of a learned one.
import sys
import numpy as np
from scipy.spatial.distance import cdist

sys.setrecursionlimit(10000)


def unit(x):
    return x / np.linalg.norm(x, axis=1, keepdims=True)


def simplex_block(order):
    if order == 1:
        return np.array([[1.0, -1.0]])
    first = np.zeros((order, 1))
    first[0] = 1.0
    top = -np.ones((1, order)) / order
    rest = np.sqrt(1.0 - 1.0 / order**2) * simplex_block(order - 1)
    return np.concatenate((first, np.concatenate((top, rest), axis=0)), axis=1)


def make_prototypes(n_classes):
    prototypes = simplex_block(n_classes - 1).T
    assert prototypes.shape == (n_classes, n_classes - 1)
    assert np.allclose(np.linalg.norm(prototypes, axis=1), 1.0, atol=1e-6)
    distances = cdist(prototypes, prototypes)
    off = distances[~np.eye(n_classes, dtype=bool)]
    assert off.std() < 1e-3, "prototypes should be equidistant"
    return prototypes.astype(np.float32)


def jittered_prototypes(n_classes, sigma=0.0):
    protos = make_prototypes(n_classes)
    if sigma:
        protos = unit(protos + np.random.normal(scale=sigma, size=protos.shape))
    distances = cdist(protos, protos)
    return protos, distances[~np.eye(n_classes, dtype=bool)].mean()


if __name__ == "__main__":
    P = make_prototypes(100)
    np.save("prototypes100.npy", P)
