# cosaudit corpus, synthetic file: same shape as fabiocarrara/cat2vec/embed_analysis.py at 970305fd7627e79c8759963440e5bfdd85cd7156 (licence NOASSERTION); new code, no text copied.
"""Self-similarity of category vectors: word embeddings of the labels vs the rows of a classifier's last layer."""
import argparse

import numpy as np
import pandas as pd
import torch
import torch.nn.functional as F
import torchvision.models as tvm


def last_layer(arch):
    net = getattr(tvm, arch)(pretrained=True)
    if hasattr(net, "fc"):
        return net.fc.weight.data
    head = net.classifier
    return (head[-1] if isinstance(head, torch.nn.Sequential) else head).weight.data


def run(args):
    sims = {}
    if args.labels:
        names = np.array(open(args.labels.replace(".npy", ".txt")).read().split("\n"))
        E = torch.from_numpy(np.load(args.labels))
        sims["labels"] = E @ E.t()
    if args.arch:
        rows = F.normalize(last_layer(args.arch), p=2, dim=1)
        sims["weights"] = rows @ rows.t()
    if len(sims) == 2:
        gap = torch.triu((sims["labels"] - sims["weights"]).abs()).numpy()
        top = np.argsort(gap, axis=None)[::-1][:100]
        a, b = np.unravel_index(top, gap.shape)
        pd.DataFrame({"a": names[a], "b": names[b],
                      "label_sim": sims["labels"].numpy()[a, b],
                      "weight_sim": sims["weights"].numpy()[a, b]}).to_csv("largest_gaps.csv")
    return sims


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--labels")
    p.add_argument("--arch", default="resnet18")
    run(p.parse_args())
