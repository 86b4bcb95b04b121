# cosaudit corpus, synthetic file: same shape as mahadikprasad15/Efficacy-of-ensemble-of-attention-probes/scripts/analysis/analyze_weights.py at 5687d2788eea266afd064bdff68b0887a951cf75 (licence NOASSERTION); new code, no text copied.
"""Heatmap of how the per-layer probe directions relate to each other.

python analyze_weights.py --run_dir runs/heldout_Books
"""
import argparse
import os

import matplotlib.pyplot as plt
import numpy as np
import seaborn as sns
import torch
from sklearn.metrics.pairwise import cosine_similarity


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--run_dir", required=True)
    ap.add_argument("--out", default="figures/probe_weights")
    ap.add_argument("--max_layers", type=int, default=32)
    args = ap.parse_args()

    vecs, layers = [], []
    for layer in range(args.max_layers):
        path = os.path.join(args.run_dir, f"layer_{layer}_probe.pt")
        if not os.path.exists(path):
            continue
        state = torch.load(path, map_location="cpu")
        # binary probe: nn.Linear(d_model, 1), so the weight is a single (1, d) row
        vecs.append(state["classifier.weight"].numpy().reshape(-1))
        layers.append(layer)
    if not vecs:
        raise SystemExit("no probes found")

    sims = cosine_similarity(np.stack(vecs))
    os.makedirs(args.out, exist_ok=True)
    plt.figure(figsize=(9, 7))
    sns.heatmap(sims, cmap="coolwarm", xticklabels=layers, yticklabels=layers)
    plt.xlabel("layer")
    plt.ylabel("layer")
    plt.title("cosine between layer probes")
    plt.savefig(os.path.join(args.out, "layer_probe_cosine.pdf"))


if __name__ == "__main__":
    main()
