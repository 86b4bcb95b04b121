# cosaudit corpus, synthetic file: same shape as ZexiLee/ICCV-2023-FedETF/utils.py at 092ace3471d0489c432fcde811ed7b7081042720 (licence MIT); new code, no text copied.
import copy

import numpy as np
import torch
import torch.nn as nn


def pair_cos(x, y):
    return nn.CosineSimilarity(dim=0)(x, y).item()


def cos_table(vectors):
    n = len(vectors)
    table = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i, n):
            table[i][j] = table[j][i] = pair_cos(vectors[i], vectors[j])
    return table


def off_diagonal_mean(table):
    n = len(table)
    return (sum(map(sum, table)) - n) / (n * n - n)


def classifier_agreement(args, clients):
    """How alike the clients' heads are: one flattened vector per client."""
    flat = [c.model.state_dict()["linear_head.weight"].view(-1) for c in clients]
    return off_diagonal_mean(cos_table(flat))


@torch.no_grad()
def class_means(node):
    node.model.eval()
    sums, counts = {}, {}
    for x, y in node.local_data:
        _, _, feats = node.model(x.cuda())
        for f, lab in zip(feats, y.tolist()):
            sums[lab] = sums.get(lab, 0) + f
            counts[lab] = counts.get(lab, 0) + 1
    node.agg_protos = {k: sums[k] / counts[k] for k in sums}


def prototype_agreement(args, clients):
    per_label = {}
    for c in clients:
        class_means(c)
        for lab, m in c.agg_protos.items():
            per_label.setdefault(lab, []).append(m)
    scores = [off_diagonal_mean(cos_table(per_label[k])) for k in range(clients[0].num_classes)]
    return sum(scores) / len(scores)


@torch.no_grad()
def feature_collapse_score(args, server):
    class_means(server)
    means = copy.deepcopy(server.agg_protos)
    vals = []
    for x, y in server.local_data:
        _, _, feats = server.model(x.cuda())
        vals += [pair_cos(f, means[lab]) for f, lab in zip(feats, y.tolist())]
    return float(np.mean(vals))
