# cosaudit corpus, synthetic file: same shape as gabrielmjrr/representation-stabilization/metrics/neural_collapse.py at 41042e34708e4d095962d1027a13d607e6bca14c (licence NOASSERTION); new code, no text copied.
"""Neural-collapse diagnostics (NC1-NC4) from saved penultimate features and fc checkpoints."""
import numpy as np
import torch


def load_head(path):
    state = torch.load(path, map_location="cpu", weights_only=True)["model_state_dict"]
    return state["fc.weight"].numpy().astype(np.float64), state["fc.bias"].numpy().astype(np.float64)


def class_means(feats, labels, n_classes):
    return np.stack([feats[labels == c].mean(0) for c in range(n_classes)])


def nc1(feats, labels, means, mu_g):
    within = sum(np.cov((feats[labels == c] - means[c]).T, bias=True) for c in range(len(means))) / len(means)
    between = np.cov((means - mu_g).T, bias=True)
    return float(np.trace(within @ np.linalg.pinv(between)) / len(means))


def nc2_means(means, mu_g):
    m = means - mu_g
    m = m / np.linalg.norm(m, axis=1, keepdims=True)
    k = len(m)
    gram = m @ m.T
    ideal = (k * np.eye(k) - np.ones((k, k))) / (k - 1)
    return float(np.linalg.norm(gram - ideal, "fro") / np.linalg.norm(ideal, "fro"))


def nc3_self_duality(fc_weight, means, mu_g, eps=1e-12):
    """Distance between the (Frobenius-normalised) transposed head and the centred class means."""
    W_T = fc_weight.T
    M = (means - mu_g).T
    W_T_norm = W_T / max(np.linalg.norm(W_T, "fro"), eps)
    M_norm = M / max(np.linalg.norm(M, "fro"), eps)
    return float(np.linalg.norm(W_T_norm - M_norm, "fro"))


def nc4_ncm_disagreement(feats, fc_weight, fc_bias, means):
    pred_head = np.argmax(feats @ fc_weight.T + fc_bias, axis=1)
    d = ((feats[:, None, :] - means[None]) ** 2).sum(-1)
    return float(np.mean(pred_head != np.argmin(d, axis=1)))
