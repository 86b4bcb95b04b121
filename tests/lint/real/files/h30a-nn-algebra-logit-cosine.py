# Synthetic rewrite of the shape of jakehlee/nn-algebra:plotting/plot_cosine.py at 2016814fa6f9e60f7495a45ed51f987477e4c0a5 (licence NOASSERTION); not the original text.
import csv
import sys

import matplotlib.pyplot as plt
import numpy as np


def cosine_sim(u, v):
    return float(np.dot(u, v) / (np.linalg.norm(u) * np.linalg.norm(v)))


def main(path, anchor="center"):
    # each row: "<dy>_<dx>_img.png", then the network's output scores for that shifted image
    with open(path) as fh:
        rows = list(csv.reader(fh))
    shifts = [tuple(int(t) for t in r[0].split("_")[:2]) for r in rows]
    n_dy = max(s[0] for s in shifts) + 1
    n_dx = max(s[1] for s in shifts) + 1
    grid = np.zeros((n_dy, n_dx, len(rows[0]) - 1))
    for (dy, dx), r in zip(shifts, rows):
        grid[dy, dx] = np.asarray(r[1:], dtype=float)

    ref = grid[n_dy // 2, n_dx // 2] if anchor == "center" else grid[0, 0]
    heat = np.zeros((n_dy, n_dx))
    for i in range(n_dy):
        for j in range(n_dx):
            heat[i, j] = cosine_sim(ref, grid[i, j])

    plt.imshow(heat, cmap="magma")
    plt.colorbar()
    plt.title("output-score cosine vs. pixel shift")
    plt.savefig("shift_cosine.png")


if __name__ == "__main__":
    main(sys.argv[1])
