# cosaudit corpus, synthetic file: same shape as julilien/MitigatingLabelNoiseDataAmbiguation/validate_NC.py at 4903ae673e3584fc51ae1bee2925fe44490e6d34 (licence Apache-2.0); new code, no text copied.
"""Collapse metrics under label noise / ambiguation, logged once per evaluated epoch."""
import torch


def simplex_target(k, device):
    return (torch.eye(k, device=device) - torch.full((k, k), 1.0 / k, device=device)) / (k - 1) ** 0.5


def compute_etf(W):
    WWT = torch.mm(W, W.T)
    WWT /= torch.norm(WWT, p="fro")
    return torch.norm(WWT - simplex_target(W.shape[0], W.device), p="fro").item()


def compute_w_h(W, means, mu_g):
    H = torch.stack([means[c] - mu_g for c in sorted(means)], dim=1)
    WH = W @ H
    WH /= torch.norm(WH, p="fro")
    return torch.norm(WH - simplex_target(W.shape[0], W.device), p="fro").item()


def eval_epoch(model, means, mu_g, info):
    W = next(p for n, p in model.named_parameters() if "fc.weight" in n).detach()
    info["ETF_metric"].append(compute_etf(W))
    info["WH_relation_metric"].append(compute_w_h(W, means, mu_g))
    return info
