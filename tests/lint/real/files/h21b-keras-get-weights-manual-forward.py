# Synthetic rewrite of the shape of Acacius-R/modularization-evaluation:decomposeDNNintoModules/utils.py at 0af2301df3bc30c6c5f8707f85e6cd4fb662980a (licence NOASSERTION); not the original text.
"""Replay a trained Keras dense network in numpy so every layer's output can be inspected."""
import numpy as np


def stable_softmax(z):
    # shifting by the row maximum leaves the softmax unchanged and avoids overflow
    z = z - z.max(axis=-1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=-1, keepdims=True)


def dense_params(model):
    """Kernel and bias of every layer after the input Flatten (Keras stores kernels as in x out)."""
    kernels = [layer.get_weights()[0] for layer in model.layers[1:]]
    biases = [layer.get_weights()[1] for layer in model.layers[1:]]
    return kernels, biases


def replay(batch, kernels, biases):
    acts, h = [], batch
    for k, b in zip(kernels[:-1], biases[:-1]):
        h = h @ k + b
        acts.append(h)
    logits = h @ kernels[-1] + biases[-1]
    acts.append(stable_softmax(logits))
    return acts
