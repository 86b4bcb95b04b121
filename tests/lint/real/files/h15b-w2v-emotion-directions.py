# cosaudit corpus, synthetic file: same shape as AndreaIngoglia/wav2vec-emotion-geometry/2_geometric_diagnostics/2_pca_procrustes/pca_emotional_directions.py at 3980ea1b6ff66c3fc33bd92ea5d7d6cd93bda295 (licence NOASSERTION); new code, no text copied.
"""Compare the emotion directions of the probe trained on RAVDESS with those of the probe trained on ESD."""
import os

import numpy as np
import matplotlib.pyplot as plt
from sklearn.decomposition import PCA

from common.paths import output_dir
from common.probes import load_probe_dir

OUT = output_dir(__file__)
PROBES_A = "xai_weights/RAVDESS"
PROBES_B = "xai_weights/ESD"


def arrows(W_a, W_b, path):
    pca = PCA(n_components=2).fit(np.vstack([W_a, W_b]))
    pa, pb = pca.transform(W_a), pca.transform(W_b)
    fig, ax = plt.subplots(figsize=(6, 6))
    for p in pa:
        ax.arrow(0, 0, *p, color="tab:blue", head_width=0.02)
    for p in pb:
        ax.arrow(0, 0, *p, color="tab:orange", head_width=0.02)
    fig.savefig(path)


def cross_probe_cosine(W_a, classes_a, W_b, classes_b, path):
    sim = np.zeros((len(classes_a), len(classes_b)))
    for i, ca in enumerate(classes_a):
        for j, cb in enumerate(classes_b):
            wa, wb = W_a[i], W_b[j]
            sim[i, j] = wa @ wb / (np.linalg.norm(wa) * np.linalg.norm(wb) + 1e-12)
    fig, ax = plt.subplots(figsize=(7, 6))
    im = ax.imshow(sim, cmap="RdBu_r", vmin=-0.15, vmax=0.15)
    ax.set_xticks(range(len(classes_b)), classes_b, rotation=45)
    ax.set_yticks(range(len(classes_a)), classes_a)
    ax.set_xlabel("ESD probe directions")
    ax.set_ylabel("RAVDESS probe directions")
    fig.colorbar(im)
    fig.savefig(path)


def main():
    a = load_probe_dir(PROBES_A, "emotion", normalize_classes=True)
    b = load_probe_dir(PROBES_B, "emotion", normalize_classes=True)
    arrows(a["W"], b["W"], os.path.join(OUT, "pca_arrows.png"))
    cross_probe_cosine(a["W"], a["classes"], b["W"], b["classes"], os.path.join(OUT, "cosine_cross_probe.png"))


if __name__ == "__main__":
    main()
