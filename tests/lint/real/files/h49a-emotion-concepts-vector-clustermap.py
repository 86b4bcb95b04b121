# Synthetic rewrite of the shape of Abd-elr4hman/emotion-concepts:analyze_vectors.py at 523e4d9c071d67c449f7a26870aabacbe269676d (licence NOASSERTION); not the original text.
"""Compare mood directions taken from a chat model's residual stream (run after the extraction step)."""
import json
from pathlib import Path

import numpy as np
import pandas as pd
import seaborn as sns
from matplotlib import pyplot as plt
from scipy.cluster.hierarchy import leaves_list, linkage

STORE = Path("out/directions")


def read_directions():
    arrays = np.load(STORE / "mood_directions_clean.npz")
    meta = json.loads((STORE / "info.json").read_text())
    moods = meta["moods"]
    return {m: arrays[f"dir_{m}"] for m in moods}, meta


def similarity_table(directions):
    moods = list(directions)
    M = np.stack([directions[m] for m in moods])  # one averaged-activation direction per mood
    M_norm = M / np.linalg.norm(M, axis=1, keepdims=True)
    sims = M_norm @ M_norm.T
    return sims, moods


def draw(sims, moods, out=None):
    order = leaves_list(linkage(sims, method="average"))
    names = [moods[i] for i in order]
    table = pd.DataFrame(sims, index=moods, columns=moods).loc[names, names]
    fig, ax = plt.subplots(figsize=(11, 9))
    sns.heatmap(table, cmap="RdBu_r", center=0, vmin=-1, vmax=1, annot=True, fmt=".2f", ax=ax)
    ax.set_title("Mood direction similarity (clustered)")
    if out:
        fig.savefig(out, dpi=150)
    return fig


if __name__ == "__main__":
    dirs, _ = read_directions()
    draw(*similarity_table(dirs), out="out/plots/mood_sims.png")
