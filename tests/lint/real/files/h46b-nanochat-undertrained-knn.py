# Synthetic rewrite of the shape of DaliVana/nanochat:scripts/tok_analysis.py at cfaf838a964f924a25648950e3c599f6c4020e78 (licence MIT); not the original text.
"""Flag tokens that barely moved during pre-training of a small chat model.

Signals: input-table and readout row norms, cosine to the average input row,
and how tight each token's k nearest neighbours in the input table are.
The model uses rotary attention and keeps its input table and readout separate.
"""
import torch
import torch.nn.functional as F


def row_norms(net, V):
    emb = net.transformer.wte.weight[:V].float()
    out = net.lm_head.weight[:V].float()
    return emb.norm(dim=1), out.norm(dim=1)


def closeness_to_centroid(net, V):
    emb = net.transformer.wte.weight[:V].float()
    centre = emb.mean(0, keepdim=True).expand_as(emb)
    return F.cosine_similarity(emb, centre, dim=1)


def neighbour_tightness(net, V, k=10, block=4096):
    emb = net.transformer.wte.weight[:V].float()
    unit = F.normalize(emb, dim=1)
    score = torch.zeros(V)
    for lo in range(0, V, block):
        hi = min(lo + block, V)
        sims = unit[lo:hi] @ unit.T
        sims[torch.arange(hi - lo), torch.arange(lo, hi)] = -1.0
        score[lo:hi] = sims.topk(k, dim=1).values.mean(1)
    return score


def composite(signals):
    scale = lambda x: (x - x.min()) / (x.max() - x.min() + 1e-12)
    parts = [1 - scale(signals["out_norm"]), scale(signals["centroid_cos"]), scale(signals["knn"])]
    return sum(parts) / len(parts)
