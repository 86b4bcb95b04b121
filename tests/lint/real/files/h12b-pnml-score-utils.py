# cosaudit corpus, synthetic file: same shape as kobybibas/pnml_ood_detection/src/score_utils.py at 8fae91b5a791a59d3dd6d72b6dd5ef9ba58aba53 (licence NOASSERTION); new code, no text copied.
"""Helpers for predictive-NML out-of-distribution scores computed from saved features and the last layer."""
import os.path as osp

import numpy as np
import numpy.linalg as npl


def stable_softmax(z):
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def with_bias_column(feats):
    return np.hstack((np.ones((len(feats), 1)), feats))


def projections(train_feats):
    gram = train_feats.T @ train_feats
    par = npl.pinv(gram)
    bot = np.eye(gram.shape[0]) - par @ gram
    return par, bot


def regret(test_feats, probs, par, bot):
    n_classes = probs.shape[1]
    e_par = np.array([x @ par @ x for x in test_feats])
    e_bot = np.array([x @ bot @ x for x in test_feats])
    g = np.maximum(e_bot, e_par / (1 + e_par))[:, None].repeat(n_classes, axis=1)
    genie = probs / (probs + (1 - probs) * probs ** g)
    norm = genie.sum(axis=1)
    return np.log(norm) / np.log(n_classes), genie / norm[:, None]


def load_last_layer(root):
    return np.load(osp.join(root, "fc.npy"))


def class_probs(feats, w):
    return stable_softmax(feats @ w.T)


def unit_features(feats):
    # leave the bias column alone
    feats[:, 1:] = feats[:, 1:] / npl.norm(feats[:, 1:], axis=1, keepdims=True)
    return feats
