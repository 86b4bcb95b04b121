# Synthetic rewrite of the shape of SCUT-AILab/CPGA:train_visda.py at dc98978e09d1a4d2ffee01f0fabe9084a9d52a7e (licence NOASSERTION); not the original text.
import numpy as np
import torch
import torch.nn.functional as F
from scipy.spatial.distance import cdist


def pairwise_cos(queries, keys):
    return F.normalize(queries) @ F.normalize(keys).t()


def refine_pseudo_labels(feats, probs, conf_floor=0.9, rounds=1):
    """Source-free pseudo labels: weighted class centroids of target features,
    then nearest centroid by cosine distance (SHOT-style clustering)."""
    top_p, model_guess = probs.max(1)
    trusted = torch.nonzero(top_p > conf_floor).flatten().numpy()

    padded = torch.cat([feats, torch.ones(len(feats), 1)], 1)
    padded = (padded.t() / padded.norm(p=2, dim=1)).t().numpy()

    soft = probs.numpy()
    centroids = soft.T @ padded / (1e-8 + soft.sum(0)[:, None])
    dist = cdist(padded, centroids, "cosine")
    cluster_guess = dist.argmin(1)
    for _ in range(rounds):
        hard = np.eye(soft.shape[1])[cluster_guess]
        centroids = hard.T @ padded / (1e-8 + hard.sum(0)[:, None])
        dist = cdist(padded, centroids, "cosine")
        cluster_guess = dist.argmin(1)

    agree = np.where(cluster_guess == model_guess.numpy())[0]
    return cluster_guess, np.intersect1d(trusted, agree)


def prototype_logits(target_feats, generated_protos, temperature=0.05):
    # prototypes come from a generator trained against the frozen source classifier
    return pairwise_cos(target_feats, generated_protos) / temperature
