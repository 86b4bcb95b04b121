# expect: COS301
"""A loader of the file's own, named or documented for the head's weights, that reads a checkpoint key
we cannot place (`ckpt["layers.2.weight"]`, the last Linear of an MLP): what it returns is the head's
rows, and their Gram matrix is one of label against label. Quiet: a function documented as projecting
onto the unembedding (a lens, not a loader), and a loader of the first layer.

Shapes seen in public code comparing networks by the Gram matrices of their output layers; written
for cosaudit's tests.
"""
import numpy as np
import torch


def load_last_layer(seed: int) -> np.ndarray:
    """Load the last-layer weight matrix, one row per class."""
    state = torch.load(f"runs/mlp_{seed}.pt", map_location="cpu")
    w = state["net.4.weight"].numpy()
    w /= np.linalg.norm(w, axis=1, keepdims=True)  # unit rows: their dot products are cosines
    return w


def read_output_weights(path):
    """Returns the classifier's weight matrix [n_classes, d] from a saved run."""
    return np.load(path)["arr_0"]


def first_layer(path):
    """Load the first layer's weight matrix (hidden units by inputs)."""
    return torch.load(path)["net.0.weight"].numpy()


def project(hidden, path):
    """Project hidden states onto the unembedding matrix to read off logits."""
    return hidden @ np.load(path)


gram_a = load_last_layer(0) @ load_last_layer(0).T  # expect: COS101
gram_b = load_last_layer(1) @ load_last_layer(1).T  # expect: COS101

head = read_output_weights("run3.npz")
unit = head / np.linalg.norm(head, axis=1, keepdims=True)
print(unit @ unit.T)  # expect: COS101

w1 = first_layer("run3.pt")
w1 = w1 / np.linalg.norm(w1, axis=1, keepdims=True)
unit_gram = w1 @ w1.T

logits = project(np.ones((4, 16)), "W_U.npy")
scores = logits / np.linalg.norm(logits, axis=-1, keepdims=True)


def readout_rows(run):
    state = torch.load(f"runs/mlp_{run}.pt", map_location="cpu")
    return state["net.4.weight"].numpy()


rows = readout_rows(2)
rows = rows / np.linalg.norm(rows, axis=1, keepdims=True)
digit_gram = rows @ rows.T  # expect: COS101


def readout_bias(run):
    return torch.load(f"runs/mlp_{run}.pt")["net.4.bias"].numpy()
