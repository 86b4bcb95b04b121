# expect: COS301
"""A helper named (or documented) for comparing classes, whose matrix parameter (`W`, `rows`,
`weights`) it indexes one label at a time: `1 - cosine(W[i], W[j])` in a double loop over the
classes. Each `W[i]` is one label's vector of the head the name says it is given. A docstring that
defines a parameter as the head's rows ("gate_w: [n_experts, d_model] rows of the softmax router",
"vectors: (C, d) classifier weights") makes it those rows whatever its name. The look-alikes stay
quiet: a one-vector parameter (`emb[k]` is one coordinate), a helper named for classes whose matrix
parameter is named for features, given class means, and one documented as class means.

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


def router_affinity(gate_w):
    """gate_w: [n_experts, d_model] rows of the softmax router; returns an affinity in [0, 1]."""
    unit = gate_w / np.maximum(np.linalg.norm(gate_w, axis=1, keepdims=True), 1e-8)
    return 0.5 * (unit @ unit.T + 1.0)  # expect: COS101


def pair_spread(vectors):
    """vectors: (C, d) classifier weights of the last layer."""
    unit = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
    return (unit @ unit.T)[np.triu_indices(len(unit), 1)]  # expect: COS101


def mean_spread(means):
    """means: (C, d) class means of the penultimate features."""
    unit = means / np.linalg.norm(means, axis=1, keepdims=True)
    return (unit @ unit.T)[np.triu_indices(len(unit), 1)]
