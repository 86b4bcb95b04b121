# Synthetic rewrite of the shape of LuoJiaji/when-does-label-smoothing-help:visualize.py at 450aecf92690f5e9edb5f24df3c88d7734307fa1 (licence NOASSERTION); not the original text.
"""Scatter penultimate activations of three classes on the plane their templates span."""
import argparse

import matplotlib.pyplot as plt
import numpy as np
import torch
import torch.nn as nn
from sklearn.decomposition import PCA

from nets import ResNet18
from data import cifar_loaders
from helpers import orthonormalize


def main(opts):
    dev = 'cuda' if torch.cuda.is_available() else 'cpu'
    n_cls = 100 if opts.dataset == 'cifar100' else 10
    model = ResNet18(num_classes=n_cls).to(dev)
    model.load_state_dict(torch.load(opts.ckpt, map_location=dev)['model_state_dict'])
    model.eval()

    # one template per chosen class: its row of the output layer
    rows = [model.linear.weight[c].detach().cpu().numpy() for c in opts.classes]
    plane = orthonormalize(rows)            # (3, D) orthonormal basis

    model.linear = nn.Identity()             # expose the penultimate activations
    _, test_loader = cifar_loaders(opts.dataset)
    feats, tags = [], []
    for x, y in test_loader:
        keep = [i for i in range(len(y)) if int(y[i]) in opts.classes]
        if not keep:
            continue
        with torch.no_grad():
            h = model(x[keep].to(dev)).cpu().numpy()
        feats.append(h)
        tags.extend(int(y[i]) for i in keep)
    H = np.concatenate(feats)

    coords = PCA(n_components=2).fit_transform(H @ plane.T)
    palette = dict(zip(opts.classes, ['tab:blue', 'tab:red', 'tab:green']))
    plt.scatter(coords[:, 0], coords[:, 1], s=3, c=[palette[t] for t in tags])
    plt.savefig(opts.out)


if __name__ == '__main__':
    p = argparse.ArgumentParser()
    p.add_argument('ckpt')
    p.add_argument('out')
    p.add_argument('--dataset', default='cifar10')
    p.add_argument('--classes', type=int, nargs=3, default=[0, 1, 2])
    main(p.parse_args())
