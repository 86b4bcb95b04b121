# expect: COS301
"""A module of helpers whose caller lives elsewhere: a loader reads the readout layer of a checkpoint
by its state-dict key, with a shape comment that counts its rows per class (`# [n_classes, hidden]`),
and a sibling helper, never called here, takes the Gram of unit `rows`. The loader returns the head,
so the sibling compares its rows. The look-alikes stay quiet: class means with the same shape
comment (no weight is read), and a hidden layer's weight commented with its width.

Shapes seen in public code that decodes output neurons from their pairwise geometry; written for
cosaudit's tests.
"""
import numpy as np
import torch


def readout_rows(path):
    state = torch.load(path, map_location="cpu")
    rows = state["net.4.weight"].numpy()  # [n_classes, hidden]
    return rows


def class_geometry(rows):
    unit = rows / np.linalg.norm(rows, axis=1, keepdims=True)
    return unit @ unit.T  # expect: COS101


def mean_geometry(path):
    means = np.load(path)["class_means"]  # [n_classes, hidden]
    unit = means / np.linalg.norm(means, axis=1, keepdims=True)
    return unit @ unit.T


def hidden_geometry(path):
    hidden = torch.load(path, map_location="cpu")["net.2.weight"].numpy()  # [hidden, hidden]
    unit = hidden / np.linalg.norm(hidden, axis=1, keepdims=True)
    return unit @ unit.T
