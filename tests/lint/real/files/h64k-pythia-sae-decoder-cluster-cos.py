# Synthetic rewrite of the shape of OE-GOD/sae-pythia-160m:code/20_feature_cluster_geometry.py at 3e243b068122701380d739ab9b1c52e85d58db6b (licence NOASSERTION); not the original text.
"""Are several same-labelled SAE features really one direction split into pieces?

Pairwise cosines between the decoder directions of a labelled group are
compared with the cosines of a random group of features.
"""
import numpy as np
import torch


def unit_cosines(dirs: torch.Tensor) -> np.ndarray:
    lengths = dirs.norm(dim=1, keepdim=True).clamp(min=1e-9)
    flat = dirs / lengths
    return (flat @ flat.T).cpu().numpy()


def off_diagonal_stats(mat: np.ndarray) -> dict:
    k = mat.shape[0]
    vals = mat[~np.eye(k, dtype=bool)]
    return {"mean": float(vals.mean()), "median": float(np.median(vals)),
            "share_above_half": float((vals > 0.5).mean())}


def compare(sae, group_ids, n_random=25, seed=1):
    decoder = sae.W_dec.detach()                 # (d_model, n_features)
    group = decoder[:, group_ids].T
    rng = np.random.default_rng(seed)
    others = rng.choice(decoder.shape[1], size=n_random, replace=False)
    baseline = decoder[:, others].T
    return {"group": off_diagonal_stats(unit_cosines(group)),
            "random": off_diagonal_stats(unit_cosines(baseline))}
