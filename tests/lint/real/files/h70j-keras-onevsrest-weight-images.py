# Synthetic rewrite of the shape of cai91/MNIST-weight-visualisation:MNIST_weights.py at 7b3e54da44c812a3de93d3324ee28c35cd1dc777 (licence MIT); not the original text.
# One binary (sigmoid) Keras unit per digit; each unit's input weights are drawn as a 28x28 picture.
import gzip

import matplotlib.pyplot as plt
import numpy as np
from keras.layers import Dense
from keras.models import Sequential

SIDE = 28
N_SAMPLES = 200


def standardise(vec):
    arr = np.asarray(vec, dtype=np.float32)
    return (arr - arr.mean()) / (arr.std() + 1e-8)


def load_pixels(path, n):
    with gzip.open(path, "r") as fh:
        fh.read(16)
        raw = fh.read(SIDE * SIDE * n)
    flat = np.frombuffer(raw, dtype=np.uint8).astype(np.float32).reshape(n, SIDE * SIDE)
    return np.stack([standardise(row) for row in flat])


def load_targets(path, n):
    with gzip.open(path, "r") as fh:
        fh.read(8)
        raw = fh.read(n)
    return np.frombuffer(raw, dtype=np.uint8).astype(np.int64)


pixels = load_pixels("train-images-idx3-ubyte.gz", N_SAMPLES)
digits = load_targets("train-labels-idx1-ubyte.gz", N_SAMPLES)

for digit in range(10):
    is_digit = (digits == digit).astype(np.float32)
    net = Sequential([Dense(1, input_dim=SIDE * SIDE, activation="sigmoid")])
    net.compile(loss="binary_crossentropy", optimizer="rmsprop", metrics=["accuracy"])
    net.fit(pixels, is_digit, epochs=200, verbose=0)

    kernel, bias = net.get_weights()
    template = kernel[:, 0] + bias
    plt.imshow(template.reshape(SIDE, SIDE), cmap="gray")
    plt.title(f"weights of the '{digit}' detector")
    plt.show()
