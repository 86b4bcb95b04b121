# Synthetic rewrite of the shape of mnschmit/conan:src/analysis/create_heatmap.py at 31df764de3af462e9cbe8c8bfe981c49334e37e8 (licence NOASSERTION); not the original text.
"""Heatmap of test AUC over the grid (number of patterns n) x (tokens per pattern k)."""
import argparse
from collections import defaultdict

import seaborn as sns
from matplotlib import pyplot as plt


def read_grid(path):
    cells = defaultdict(dict)
    with open(path) as fh:
        for row in fh:
            n, k, auc = row.rstrip("\n").split("\t")
            cells[int(n)][int(k)] = float(auc)
    cols = sorted(cells)
    rows = sorted(next(iter(cells.values())), reverse=True)
    grid = [[cells[n][k] * 100 for n in cols] for k in rows]
    return grid, cols, rows


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("scores_tsv")
    ap.add_argument("out_png")
    a = ap.parse_args()
    grid, cols, rows = read_grid(a.scores_tsv)
    ax = sns.heatmap(grid, annot=True, fmt=".1f", xticklabels=cols, yticklabels=rows,
                     cmap=plt.cm.seismic, center=grid[-1][0], robust=True)
    ax.set_xlabel("#patterns $n$")
    ax.set_ylabel("#tokens per pattern $k$")
    plt.savefig(a.out_png, dpi=300, bbox_inches="tight")
