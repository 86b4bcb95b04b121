# cosaudit corpus, synthetic file: same shape as mounKim/neural_collapse/baseline_interpret.py at 8ebcc2a895bfbab148b858f7f362f8570cb9bfaf (licence NOASSERTION); new code, no text copied.
"""Collapse metrics of an online continual learner from saved features and classifier weights."""
import pickle
import torch


def angle(a, b):
    return torch.arccos(torch.dot(a, b) / (a.norm() * b.norm())).item()


def class_means(features):
    return {c: torch.stack(v).mean(0) for c, v in features.items()}


def etf_gap(W):
    """distance of the normalised Gram matrix of W from the simplex ETF Gram"""
    k = W.shape[0]
    gram = W @ W.T
    gram = gram / torch.norm(gram, p="fro")
    target = (torch.eye(k) - torch.ones(k, k) / k) / (k - 1) ** 0.5
    return torch.norm(gram - target, p="fro").item()


def self_duality_gap(fc, means, global_mean):
    k = len(means)
    H = torch.stack([means[c] - global_mean for c in range(k)], dim=1)
    WH = fc[:k] @ H
    WH = WH / torch.norm(WH, p="fro")
    target = (torch.eye(k) - torch.ones(k, k) / k) / (k - 1) ** 0.5
    return torch.norm(WH - target, p="fro").item()


for step in range(1000, 20001, 1000):
    with open(f"feats_{step}.pkl", "rb") as f:
        features = pickle.load(f)
    with open(f"fc_{step}.pkl", "rb") as f:
        fc = pickle.load(f)
    means = class_means(features)
    global_mean = torch.stack(list(means.values())).mean(0)
    mean_to_row = {c: angle(means[c], fc[c]) for c in means}
    stacked_means = torch.stack([means[c] - global_mean for c in sorted(means)])
    # etf = etf_gap(fc)
    etf = etf_gap(stacked_means)
    duality = self_duality_gap(fc, means, global_mean)
    print(step, etf, duality, sum(mean_to_row.values()) / len(mean_to_row))
