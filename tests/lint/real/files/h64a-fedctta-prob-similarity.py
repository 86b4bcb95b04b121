# Synthetic rewrite of the shape of rajibrhasan/FedCTTA-V1:main.py at 196bed9622cc5c2bcf062740945e35998b1077ea (licence NOASSERTION); not the original text.
import copy

import torch
import torch.nn.functional as F

SIM_SOURCE = "smoothed_probs"      # "smoothed_probs" (default) or "norm_params"


def vec_cos(a, b):
    return float(F.cosine_similarity(a.reshape(1, -1), b.reshape(1, -1)))


def affinity_matrix(clients):
    n = len(clients)
    A = torch.zeros(n, n)
    if SIM_SOURCE == "smoothed_probs":
        # each client keeps an exponential moving average of its predicted class distribution
        dists = [c.running_class_probs for c in clients]
        for i in range(n):
            for j in range(n):
                A[i, j] = vec_cos(dists[i], dists[j])
    elif SIM_SOURCE == "norm_params":
        feats = [c.norm_layer_vector() for c in clients]     # flattened BatchNorm scales and shifts
        for i in range(n):
            for j in range(n):
                A[i, j] = max(0.0, min(1.0, vec_cos(feats[i], feats[j])))
    else:
        raise NotImplementedError(SIM_SOURCE)
    return A


def mix_models(clients, temperature=0.1):
    weights = F.softmax(affinity_matrix(clients) / temperature, dim=1)
    states = [copy.deepcopy(c.state_dict()) for c in clients]
    for i, client in enumerate(clients):
        mixed = {k: sum(weights[i, j] * states[j][k].float() for j in range(len(clients))) for k in states[i]}
        client.load_state_dict(mixed)
