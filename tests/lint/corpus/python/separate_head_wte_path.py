"""Undertrained tokens of a small chat model that keeps its readout apart: the file reads `lm_head`
beside `transformer.wte`, so the table is not assumed to be tied to the head, and the cosines between its
rows are input-embedding geometry, which cosaudit leaves alone.

Shape seen in public undertrained-token scripts of small chat models; written for cosaudit's tests.
"""
import torch.nn.functional as F


def neighbour_tightness(net, k=10):
    emb = F.normalize(net.transformer.wte.weight.float(), dim=1)
    sims = emb @ emb.T
    return sims.topk(k + 1, dim=1).values[:, 1:].mean(dim=1)


def readout_norms(net):
    return net.lm_head.weight.float().norm(dim=1)
