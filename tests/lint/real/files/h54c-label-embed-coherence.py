# Synthetic rewrite of the shape of Z-Jianxin/Label-Embedding-via-Low-Coherence-Matrices:nn_utils.py at 221624c2d291163e1f9f6e5079c93e5c2490c149 (licence MIT); not the original text.
"""Extreme classification by regressing onto fixed, nearly orthogonal label codes.

Every class gets a fixed unit code vector; the network is trained with a squared
loss to land on its class code and predicts the code with the largest inner
product.  The coherence printed below is a property of the random design, not of
anything learned by a softmax.
"""
import math

import numpy as np
import torch


def random_codes(kind, n_labels, width, rng):
    if kind == "sign":
        codes = (rng.integers(0, 2, size=(n_labels, width)) * 2 - 1) / math.sqrt(width)
    elif kind == "normal":
        codes = rng.normal(size=(n_labels, width)) / math.sqrt(width)
    else:
        raise ValueError(f"unknown code family {kind}")
    codes = codes.astype(np.float32)
    codes /= np.linalg.norm(codes, axis=1, keepdims=True)
    return codes


def report_coherence(codes, rng, cap=20000):
    n = codes.shape[0]
    pick = codes if n <= cap else codes[rng.choice(n, size=cap, replace=False)]
    off_diag = pick @ pick.T - np.eye(pick.shape[0])
    mu = np.abs(off_diag).max()
    print(f"max |<c_i, c_j>| = {mu:.4f}")
    return mu


def squared_step(net, codes, batch_x, batch_y, opt):
    target = codes[batch_y]
    opt.zero_grad()
    out = net(batch_x)
    loss = ((out - target) ** 2).sum() / len(batch_y)
    loss.backward()
    opt.step()
    return loss.item()


def decode(net_out, codes):
    scores = net_out @ codes.T
    return scores.argmax(dim=1)


if __name__ == "__main__":
    gen = np.random.default_rng(0)
    table = random_codes("sign", 5000, 256, gen)
    report_coherence(table, gen)
    table_t = torch.from_numpy(table)
