"""Neighbours in the input table of a small chat model with rotary positions: `transformer.wte` here is
an input table without learned positions beside it (none absorbs a translation), so its cosines are
input-embedding geometry, which cosaudit leaves alone.

Shape seen in public undertrained-token scripts of nanochat-style models; written for cosaudit's tests.
"""
import torch.nn.functional as F


def neighbour_tightness(net, k=10):
    emb = F.normalize(net.transformer.wte.weight.float(), dim=1)
    sims = emb @ emb.T
    return sims.topk(k + 1, dim=1).values[:, 1:].mean(dim=1)
