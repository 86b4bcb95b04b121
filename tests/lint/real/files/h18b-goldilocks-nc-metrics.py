# Synthetic rewrite of the shape of avysogorets/goldilocks-zone:neural_collapse.py at f85802ab9fb8a638fa6b0efb900c95212f735452 (licence NOASSERTION); not the original text.
"""Neural-collapse scores for a sequential classifier (NC2 on means, NC3 head vs means)."""
import numpy as np
import torch


def _split_at_head(net):
    head_pos = max(i for i, m in enumerate(net.layers)
                   if isinstance(m, (torch.nn.Linear, torch.nn.Conv2d)))
    return torch.nn.Sequential(*net.layers[:head_pos]), head_pos


def _unit_centred_means(body, data, n_cls):
    buckets = [[] for _ in range(n_cls)]
    with torch.no_grad():
        for x, y in data:
            buckets[y].append(body(x))
    means = torch.stack([torch.cat(b).mean(0) for b in buckets])
    centred = means - means.mean(0)
    return centred / centred.norm(dim=1, keepdim=True)


def _etf_gap(gram, n_cls):
    target = (torch.eye(n_cls) - torch.ones(n_cls, n_cls) / n_cls) / np.sqrt(n_cls - 1)
    return torch.linalg.norm(gram - target).item()


def nc2_means(net, data, n_cls):
    body, _ = _split_at_head(net)
    U = _unit_centred_means(body, data, n_cls)
    G = U @ U.T
    return _etf_gap(G / torch.linalg.norm(G), n_cls)


def nc3_duality(net, data, n_cls):
    body, head_pos = _split_at_head(net)
    M = _unit_centred_means(body, data, n_cls)
    C = net.layers[head_pos].weight.detach()
    cross = torch.matmul(C, M.T)
    return _etf_gap(cross / torch.linalg.norm(cross), n_cls)
