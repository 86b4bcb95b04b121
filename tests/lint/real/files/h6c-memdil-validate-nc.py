# cosaudit corpus, synthetic file: same shape as julilien/MemorizationDilation/validate_NC.py at 28f58ef3c9d0d8507636bb4b899724cb20b6dc3c (licence Apache-2.0); new code, no text copied.
"""Track collapse statistics of a trained network across checkpoints."""
import numpy as np
import scipy.linalg as sla
import torch


def etf_gap(W):
    k = W.shape[0]
    WWT = torch.mm(W, W.T)
    WWT /= torch.norm(WWT, p="fro")
    simplex = (torch.eye(k) - torch.ones(k, k) / k).to(W.device) / (k - 1) ** 0.5
    return torch.norm(WWT - simplex, p="fro").item()


def self_duality_gap(W, means, global_mean):
    H = torch.stack([means[c] for c in range(len(means))]).T - global_mean.unsqueeze(1)
    WH = torch.mm(W, H.to(W.device))
    WH /= torch.norm(WH, p="fro")
    k = W.shape[0]
    target = (torch.eye(k) - torch.ones(k, k) / k).to(W.device) / (k - 1) ** 0.5
    return torch.norm(WH - target, p="fro").item()


def evaluate(model, means, global_mean, sigma_w, sigma_b, log):
    W = None
    for name, param in model.named_parameters():
        if "fc.weight" in name:
            W = param.detach()
    log["within_over_between"].append(np.trace(sigma_w @ sla.pinv(sigma_b)) / len(means))
    log["etf_gap"].append(etf_gap(W))
    log["self_duality_gap"].append(self_duality_gap(W, means, global_mean))
    return log
