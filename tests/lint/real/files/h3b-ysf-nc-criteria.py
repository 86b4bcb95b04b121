# cosaudit corpus, synthetic file: same shape as yousuf907/NC-OOD/nc_eval/nc_criteria.py at 53b3aa1d4c68e41f9d0a7ed6dc1382aa2b88d9bf (licence MIT); new code, no text copied.
import numpy as np
import scipy.linalg as scilin
import torch


def nc1_within_between(Sigma_W, Sigma_B, K):
    return np.trace(Sigma_W @ scilin.pinv(Sigma_B)) / K


def etf_distance(W):
    # NC2
    K = W.shape[0]
    gram = torch.mm(W, W.T)
    gram /= torch.norm(gram, p="fro")
    etf = (torch.eye(K) - torch.ones(K, K) / K) / (K - 1) ** 0.5
    return torch.norm(gram - etf, p="fro").item()


def self_duality(W, class_means, global_mean):
    # NC3
    H = torch.stack([class_means[k] - global_mean for k in range(len(class_means))], dim=1)
    WH = torch.mm(W, H)
    WH /= torch.norm(WH, p="fro")
    K = W.shape[0]
    return torch.norm(WH - (torch.eye(K) - torch.ones(K, K) / K) / (K - 1) ** 0.5, p="fro").item()


def nc_metrics(Sigma_W, Sigma_B, class_means, global_mean, W):
    return (nc1_within_between(Sigma_W, Sigma_B, len(class_means)), etf_distance(W),
            self_duality(W, class_means, global_mean))
