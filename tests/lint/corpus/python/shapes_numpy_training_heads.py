# expect: COS301
"""Word vectors of a skip-gram written from scratch in numpy: the scores of the output matrix are kept
on the instance (`self.u = np.dot(self.W_out.T, self.h)`), go to a softmax through that attribute, and the
matrix is updated by gradient steps (`self.W_out = self.W_out - lr * grad`), which keep it the same
weight. Its rows are a softmax head's rows, so their cosines are flagged. The input table, and the
output vectors of a negative-sampling model (sigmoid scores, no softmax), stay quiet.

Shape seen in public coursework; written for cosaudit's tests.
"""
import numpy as np


def softmax(x):
    e = np.exp(x - np.max(x))
    return e / e.sum()


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


class SoftmaxSkipGram:
    def __init__(self, vocab_size, dim=50, lr=0.01):
        self.W_in = np.random.uniform(-0.5, 0.5, (vocab_size, dim))
        self.W_out = np.random.uniform(-0.5, 0.5, (dim, vocab_size))
        self.lr = lr

    def step(self, x, y):
        self.h = np.dot(self.W_in.T, x)
        self.u = np.dot(self.W_out.T, self.h)
        self.p = softmax(self.u)
        err = self.p - y
        self.W_out = self.W_out - self.lr * np.outer(self.h, err)
        self.W_in = self.W_in - self.lr * np.outer(x, np.dot(self.W_out, err))


class NegativeSampling:
    def __init__(self, vocab_size, dim=50, lr=0.01):
        self.T = np.random.uniform(-0.5, 0.5, (vocab_size, dim))
        self.C = np.random.uniform(-0.5, 0.5, (vocab_size, dim))
        self.lr = lr

    def step(self, t, c, label):
        self.s = sigmoid(np.dot(self.T[t], self.C[c]))
        g = self.s - label
        self.C[c] = self.C[c] - self.lr * g * self.T[t]


def output_vector(model, i):
    return model.W_out.T[i]


def output_cosine(model, i, j):
    a, b = output_vector(model, i), output_vector(model, j)
    return np.dot(a, b) / np.sqrt(np.dot(a, a) * np.dot(b, b))  # expect: COS101


def input_cosine(model, i, j):
    a, b = model.W_in[i], model.W_in[j]
    return np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b))


def context_cosine(model, i, j):
    a, b = model.C[i], model.C[j]
    return np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b))
