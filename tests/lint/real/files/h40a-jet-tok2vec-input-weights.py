# Synthetic rewrite of the shape of JetHughes/Small-Language-Model:tok2vec.py at 13616c238a44197c3433c91d1871853b4af4d845 (licence NOASSERTION); not the original text.
import os
import gzip
import pickle
import numpy as np
import tensorflow as tf


def one_hot(idx, size):
    v = np.zeros(size, dtype="uint8")
    v[idx] = 1
    return v


class WindowBatches(tf.keras.utils.Sequence):
    """CBOW / skip-gram batches of one-hot vectors over a token id stream."""

    def __init__(self, ids, window, vocab, batch, mode="cbow"):
        self.ids, self.window, self.vocab, self.batch, self.mode = ids, window, vocab, batch, mode
        self.n = len(ids) - window - 1
        self.order = np.random.permutation(self.n)

    def __len__(self):
        return self.n // self.batch

    def __getitem__(self, k):
        X = np.zeros((self.batch, self.vocab), dtype="int")
        Y = np.zeros((self.batch, self.vocab), dtype="int")
        for row, start in enumerate(self.order[k * self.batch:(k + 1) * self.batch]):
            ctx = [one_hot(t, self.vocab) for t in self.ids[start:start + self.window + 1]]
            centre = one_hot(self.ids[start + self.window // 2], self.vocab)
            X[row] = sum(ctx) - centre if self.mode == "cbow" else ctx[0]
            Y[row] = centre
        return X, Y


def build(vocab, dim):
    net = tf.keras.models.Sequential([
        tf.keras.layers.Dense(dim, activation="tanh", use_bias=False, input_shape=(vocab,)),
        tf.keras.layers.Dense(vocab, activation="softmax", use_bias=False),
    ])
    net.compile(optimizer="adam", loss="categorical_crossentropy", metrics=["accuracy"])
    return net


def train_token_vectors(vocab, ids, window, dim, epochs, mode="cbow", name=None, reuse=True):
    path = f"tok2vec_models/{name}.h5"
    hist_path = f"tok2vec_models/history_{name}.hist"
    if name and reuse and os.path.exists(path) and os.path.exists(hist_path):
        net = tf.keras.models.load_model(path)
        with gzip.open(hist_path) as fh:
            hist = pickle.load(fh)
        # the first Dense kernel (vocab x dim) is used as the token vectors
        return net.get_weights()[0], hist
    net = build(vocab, dim)
    info = net.fit(WindowBatches(ids, window, vocab, 32, mode), epochs=epochs, shuffle=True)
    if name:
        net.save(path, save_format="h5")
        with gzip.open(hist_path, "w") as fh:
            pickle.dump(info.history, fh)
    return net.get_weights()[0], info.history
