# Synthetic rewrite of the shape of genggengcss/ZSL:DGP/Exp1_Ori/train_predict_gpm.py at 9785f45879b995d21841d33ff9718c386a23be9e (licence NOASSERTION); not the original text.
import json
import os
import random

import numpy as np
import scipy.io as sio
import torch
import torch.nn.functional as F


def l2_on(pred, target, idx):
    return ((pred[idx] - target[idx]) ** 2).sum(dim=1).mean()


def class_mean_targets(feature_dir, seen_ids, all_ids):
    """Average the backbone features of every seen class; these stand in for per-class weights."""
    means = []
    for wnid in seen_ids:
        mat = sio.loadmat(os.path.join(feature_dir, f"{all_ids.index(wnid) + 1}.mat"))
        means.append(torch.from_numpy(np.asarray(mat["features"])).float().mean(dim=0))
    targets = torch.stack(means)
    return F.normalize(targets)          # unit-length class means used as regression targets


def train(graph_file, split_file, feature_dir, all_ids, make_gcn, epochs=600, lr=1e-3):
    graph = json.load(open(graph_file))
    n = len(graph["wnids"])
    edges = graph["edges"]
    edges = edges + [(b, a) for a, b in edges] + [(i, i) for i in range(n)]
    words = F.normalize(torch.tensor(graph["vectors"]))

    seen = json.load(open(split_file))["seen"]
    targets = class_mean_targets(feature_dir, seen, all_ids)

    net = make_gcn(n, edges, words.shape[1], targets.shape[1])
    opt = torch.optim.Adam(net.parameters(), lr=lr, weight_decay=5e-4)
    order = list(range(len(targets)))
    random.shuffle(order)
    for ep in range(1, epochs + 1):
        net.train()
        pred = net(words)
        loss = l2_on(pred, targets, order)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if ep % 50 == 0:
            print(f"epoch {ep}: loss {loss.item():.4f}")
    return net
