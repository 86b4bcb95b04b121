# Synthetic rewrite of the shape of cyvius96/DGP:train_gcn_dense.py at b497ebba0f43b21a77059c7fc3eb4e5d599c5679 (licence MIT); not the original text.
"""Regress unit-length ResNet classifier rows from word vectors with a graph network."""
import argparse
import json
import random

import torch
import torch.nn.functional as F

from models.graph_net import DenseGraphNet


def squared_error(pred, target, rows):
    diff = pred[rows] - target[rows]
    return (diff * diff).sum(dim=1).mean() / 2


def main():
    cli = argparse.ArgumentParser()
    cli.add_argument("--epochs", type=int, default=3000)
    cli.add_argument("--lr", type=float, default=1e-3)
    cli.add_argument("--holdout", type=float, default=0.0)
    opts = cli.parse_args()

    graph = json.load(open("materials/dense-graph.json"))
    words = F.normalize(torch.tensor(graph["vectors"]).cuda())

    # rows of the pretrained ResNet fc layer (bias appended), one per seen synset
    stored = json.load(open("materials/resnet-fc-rows.json"))
    seen = [entry[0] for entry in stored]
    assert seen == graph["wnids"][: len(seen)]
    targets = F.normalize(torch.tensor([entry[1] for entry in stored]).cuda())

    net = DenseGraphNet(len(graph["wnids"]), graph["edges"], words.shape[1], targets.shape[1]).cuda()
    opt = torch.optim.Adam(net.parameters(), lr=opts.lr, weight_decay=5e-4)

    order = list(range(len(targets)))
    random.shuffle(order)
    cut = round(len(order) * (1 - opts.holdout))
    train_rows, held_rows = order[:cut], order[cut:]

    for epoch in range(1, opts.epochs + 1):
        net.train()
        predicted = net(words)          # unit-length outputs
        loss = squared_error(predicted, targets, train_rows)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if held_rows:
            with torch.no_grad():
                held = squared_error(net(words), targets, held_rows).item()
            print(f"epoch {epoch}: train {loss.item():.4f} held-out {held:.4f}")


if __name__ == "__main__":
    main()
