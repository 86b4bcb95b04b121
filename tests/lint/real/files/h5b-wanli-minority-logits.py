# cosaudit corpus, synthetic file: same shape as WanliHongC/Neural-Collapse/minority_n_main.py at 3f9c65b77c8da4b0de89dc23fafb9d38a0acbda4 (licence NOASSERTION); new code, no text copied.
import numpy as np
import matplotlib.pyplot as plt
from matplotlib import colors

from ana_utils import get_features


def logit_tables(models, loader, k=10):
    tables = []
    for model in models:
        feats, labels = get_features(loader, model)
        means = np.stack([feats[labels == c].mean(axis=0) for c in range(k)])
        W = model.classifier.weight.detach().cpu().numpy()
        tables.append(means.dot(W.T))
    return np.array(tables)


def show(tables, sizes):
    lo, hi = tables.min(), tables.max()
    fig, axes = plt.subplots(2, 5, sharex=True, sharey=True)
    for ax, z, n in zip(axes.flat, tables, sizes):
        ax.imshow(z.T, cmap="gray", norm=colors.SymLogNorm(linthresh=0.03, vmin=lo, vmax=hi))
        ax.set_title(f"n_A={n}")
    fig.savefig("plots/z_comparison.png")
