# cosaudit corpus, synthetic file: same shape as yousuf907/NC-OOD/vit_exp_all/engine_evalnc.py at 53b3aa1d4c68e41f9d0a7ed6dc1382aa2b88d9bf (licence MIT); new code, no text copied.
import numpy as np
import scipy.linalg as scilin
import torch


def etf_gap(W):
    K = W.shape[0]
    WWt = torch.mm(W, W.T)
    WWt /= torch.norm(WWt, p="fro")
    ref = (torch.eye(K) - torch.ones(K, K) / K).cuda() / (K - 1) ** 0.5
    return torch.norm(WWt - ref, p="fro").item()


def nc_for_layer(Sigma_W, Sigma_B, means, global_mean, W, b):
    nc1 = np.trace(Sigma_W @ scilin.pinv(Sigma_B)) / len(means)
    nc2 = etf_gap(W)
    return nc1, nc2


@torch.no_grad()
def evaluate_nc(probes, stats):
    """One linear classifier per ViT layer; report NC1 and NC2 of each."""
    results = []
    for layer, probe in enumerate(probes):
        W = probe.state_dict()["module.linear.weight"]
        b = probe.state_dict()["module.linear.bias"]
        Sigma_W, Sigma_B, means, global_mean = stats[layer]
        results.append(nc_for_layer(Sigma_W, Sigma_B, means, global_mean, W, b))
    return results
