# cosaudit corpus, synthetic file: same shape as glbreeze/Noise_NC/utils/nc_metric.py at 01cd8e02175b7faae23202696ce5b1577ce009a3 (licence NOASSERTION); new code, no text copied.
import numpy as np
import scipy.linalg
import torch


def simplex_gap(rows, device):
    """How far the normalised Gram of `rows` (K x D) is from the simplex ETF Gram."""
    k = rows.shape[0]
    # rows = rows - rows.mean(dim=0, keepdim=True)
    gram = torch.mm(rows, rows.T)
    gram /= torch.norm(gram, p="fro")
    target = (torch.eye(k) - torch.ones(k, k) / k).to(device) / (k - 1) ** 0.5
    return torch.norm(gram - target, p="fro").item()


def collapse_from_features(labels, feats, n_cls, W):
    """NC statistics from stored features; W is the classifier weight (classes x dim)."""
    device = feats.device
    means = torch.stack([feats[labels == c].mean(dim=0) for c in range(n_cls)])
    centred = means - means.mean(dim=0, keepdim=True)
    within = sum((feats[labels == c] - means[c]).T @ (feats[labels == c] - means[c]) for c in range(n_cls)) / len(feats)
    between = centred.T @ centred / n_cls
    nc1 = np.trace(within.cpu().numpy() @ scipy.linalg.pinv(between.cpu().numpy()))

    nc2_means = simplex_gap(centred, device)
    nc2_weights = simplex_gap(W, device)
    duality = (torch.norm(W / W.norm() - centred / centred.norm()) ** 2).item()
    return {"nc1": nc1, "nc2_means": nc2_means, "nc2_weights": nc2_weights, "nc3": duality,
            "w_norm": W.norm(dim=-1).mean().item()}
