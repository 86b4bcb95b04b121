# cosaudit corpus, synthetic file: same shape as Jgoldfeder/Class_Similarity_Visualization/viz.py at cea921d6b4fdc720a0249060ab0798d4e5477663 (licence NOASSERTION); new code, no text copied.
"""Where does a network trained on CIFAR-10 put images of a class it never saw?

The network regresses a fixed random dense vector per class; an unseen image is assigned to the
closest stored vector (L1) if it is close enough, otherwise it is counted as 'new'.
"""
import argparse
from collections import Counter

import matplotlib.pyplot as plt
import torch


def outputs_for_class(loader, cls, net):
    outs = []
    for xb, yb in loader:
        for x, y in zip(xb, yb):
            if int(y) == cls:
                outs.append(net(x[None]))
    return outs


def assign(outputs, label_vectors, limit):
    counts = Counter()
    for out in outputs:
        best, best_d = -1, float("inf")
        for k, vec in enumerate(label_vectors):
            d = (vec - out).abs().sum()
            if d < best_d and d < limit:
                best, best_d = k, d
        counts[best] += 1
    return counts


def sweep(net, loader, unseen, similar, limits):
    outs = outputs_for_class(loader, unseen, net)
    rows = []
    for limit in limits:
        c = assign(outs, net.labels.vectors, limit)
        hit = sum(c[k] for k in similar)
        rows.append((limit, hit, c[-1], sum(c.values()) - hit - c[-1]))
    return rows


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--checkpoint", nargs="+", default=[])
    p.add_argument("--unseen", type=int, default=90)
    p.add_argument("--similar", type=int, nargs="+", default=[9])
    a = p.parse_args()
    for path in a.checkpoint:
        net, loader = torch.load(path), None  # loader built elsewhere in the original script
        rows = sweep(net, loader, a.unseen, a.similar, range(60000, 120000, 2500))
        limits, hit, new, wrong = zip(*rows)
        plt.plot(limits, hit, "g-o", label="similar")
        plt.plot(limits, new, "b-o", label="new")
        plt.plot(limits, wrong, "r-o", label="other")
        plt.legend()
        plt.savefig(f"{path}-unseen.png")
