# Synthetic rewrite of the shape of parkey-p/weight-decay:visualize_weights.py at 23d89ed0a5c1b9aa765f80e71c20a0bfc09b3285 (licence NOASSERTION); not the original text.
"""Show the squared magnitude of every conv kernel as one image per layer."""
import tomllib
from argparse import ArgumentParser
from pathlib import Path

import matplotlib.pyplot as plt
from einops import rearrange

from common.loading import load_model

if __name__ == "__main__":
    ap = ArgumentParser()
    ap.add_argument("--config", type=Path, default=Path("configs/cifar10.toml"))
    opts = ap.parse_args()
    with open(opts.config, "rb") as fh:
        cfg = tomllib.load(fh)

    net = load_model(cfg["model"], (3, 32, 32))
    kernels = [w for w in net.parameters() if w.dim() == 4]
    fig, axes = plt.subplots(1, len(kernels), figsize=(4 * len(kernels), 4))
    for ax, w in zip(axes, kernels):
        tiled = rearrange(w, "o i h w -> (h o) (i w)")
        ax.imshow(tiled.detach().cpu().numpy() ** 2, cmap="magma", vmin=0, vmax=0.05)
        ax.set_xticks([]); ax.set_yticks([])
    plt.show()
