# Synthetic rewrite of the shape of ejmichaud/feature-geometry:brain/experiments/all-occurrences0/cluster_ang.py at d26a58a9cb5fb15a3ca8c40d27245791e9a5f8c2 (licence NOASSERTION); not the original text.
import argparse
import os

import numpy as np
import torch
from huggingface_hub import hf_hub_download
from sklearn.cluster import SpectralClustering


def fetch_decoder(repo, name, rev=None):
    """Download a sparse-autoencoder checkpoint and return its decoder directions (unit rows)."""
    f = hf_hub_download(repo_id=repo, filename=f"{name}/params.npz", revision=rev)
    return torch.tensor(np.load(f)["W_dec"])


def angular_affinity(dec):
    # decoder rows are already unit length, so the Gram matrix holds cosines
    cos = (dec @ dec.T).clamp(-1.0, 1.0)
    return 1.0 - torch.arccos(cos) / np.pi


def cluster(aff, k):
    algo = SpectralClustering(n_clusters=k, affinity="precomputed", assign_labels="kmeans", random_state=0)
    return algo.fit_predict(aff.numpy())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repo", default="google/gemma-scope-2b-pt-res")
    ap.add_argument("--sae", default="layer_12/width_16k/canonical")
    ap.add_argument("--k", nargs="+", type=int, required=True)
    ap.add_argument("--out", default="clusters")
    a = ap.parse_args()
    aff = angular_affinity(fetch_decoder(a.repo, a.sae))
    labels = {str(k): cluster(aff, k) for k in a.k}
    os.makedirs(a.out, exist_ok=True)
    np.savez(os.path.join(a.out, a.sae.replace("/", "_") + "_clusters.npz"), **labels)


if __name__ == "__main__":
    main()
