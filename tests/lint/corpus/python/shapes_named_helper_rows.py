# expect: COS301
"""A helper named (or documented) for comparing classes, whose matrix parameter (`W`, `rows`,
`weights`) it indexes one label at a time: `1 - cosine(W[i], W[j])` in a double loop over the
classes. Each `W[i]` is one label's vector of the head the name says it is given. The look-alikes stay quiet: a one-vector parameter
(`emb[k]` is one coordinate), a helper named for classes given class means, and one whose matrix
parameter is named for features.

Shapes seen in public scripts that plot the class-vector cosines of a checkpoint's last layer;
written for cosaudit's tests.
"""
import numpy as np
from scipy.spatial.distance import cosine


def class_cosine_matrix(W):
    k = W.shape[0]
    out = np.zeros((k, k))
    for i in range(k):
        for j in range(k):
            out[i, j] = 1.0 - cosine(W[i], W[j])  # expect: COS101
    return out


def pairwise_class_cosine(rows):
    size = len(rows)
    return [[1.0 - cosine(rows[a], rows[b]) for b in range(size)] for a in range(size)]  # expect: COS101


def angles(weights):
    """The classifier weight vectors, pairwise, in degrees."""
    n = len(weights)
    return [np.degrees(np.arccos(1.0 - cosine(weights[a], weights[b]))) for a in range(n) for b in range(a)]  # expect: COS101


def class_cosine_of_one(emb, k):
    return emb[k] / np.linalg.norm(emb)


def class_similarity(feats):
    unit = feats / np.linalg.norm(feats, axis=1, keepdims=True)
    return unit[0] @ unit[1]


class_means = np.stack([np.load(f"means/{c}.npy") for c in range(10)])
print(class_similarity(class_means))
