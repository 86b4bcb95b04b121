# Synthetic rewrite of the shape of YX-S-Z/PO-NC:validate_NC.py at 492acffcd3811fe4e92e1fe144e19561ac9ee60c (licence NOASSERTION); not the original text.
"""Replay saved checkpoints and log neural-collapse statistics of the last layer."""
import pickle

import numpy as np
import scipy.linalg as sla
import torch


def simplex_target(k, device):
    return (torch.eye(k, device=device) - torch.ones(k, k, device=device) / k) / (k - 1) ** 0.5


def etf_gap(W):
    """How far the classifier rows are from a simplex ETF (NC2 on the head)."""
    gram = torch.mm(W, W.T)
    gram = gram / torch.norm(gram, p='fro')
    return torch.norm(gram - simplex_target(W.shape[0], W.device), p='fro').item()


def self_duality_gap(W, class_means, global_mean):
    H = torch.stack([class_means[c] - global_mean for c in range(len(class_means))], dim=1)
    WH = W @ H.to(W.device)
    WH = WH / torch.norm(WH, p='fro')
    return torch.norm(WH - simplex_target(W.shape[0], W.device), p='fro').item()


def replay(model, ckpt_paths, stats_fn, out_file):
    log = {"nc1": [], "nc2_head": [], "nc3": []}
    for path in ckpt_paths:
        model.load_state_dict(torch.load(path, map_location="cpu"))
        model.eval()
        for name, param in model.named_parameters():
            if 'fc.weight' in name:
                W = param.detach()
        mu_g, mu_c, Sw, Sb = stats_fn(model)
        log["nc1"].append(np.trace(Sw @ sla.pinv(Sb)) / len(mu_c))
        log["nc2_head"].append(etf_gap(W))
        log["nc3"].append(self_duality_gap(W, mu_c, mu_g))
    with open(out_file, "wb") as fh:
        pickle.dump(log, fh)
