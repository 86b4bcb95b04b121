# Synthetic rewrite of the shape of CHeggan/MetaAudio-A-Few-Shot-Audio-Classification-Benchmark:Examples/Proto_Kaggle18/proto_steps.py at b4d124093b0aa27a6cd9d88e72a9f6c046a5de53 (licence NOASSERTION); not the original text.
"""Prototypical-network episode for few-shot sound classification."""
import sys

import torch


def class_prototypes(support_emb, n_way, k_shot):
    # support is ordered class by class: mean of each block of k_shot embeddings
    return support_emb.reshape(n_way, k_shot, -1).mean(dim=1)


def query_to_prototype(x, protos, metric):
    """Dissimilarity of every query embedding to every class prototype."""
    if metric == "l2":
        return (x[:, None, :] - protos[None, :, :]).pow(2).sum(-1)
    if metric == "cosine":
        xn = x / (x.norm(dim=1, keepdim=True) + sys.float_info.epsilon)
        pn = protos / (protos.norm(dim=1, keepdim=True) + sys.float_info.epsilon)
        return 1.0 - (xn[:, None, :] * pn[None, :, :]).sum(-1)
    if metric == "dot":
        return -(x[:, None, :] * protos[None, :, :]).sum(-1)
    raise ValueError(f"unknown metric {metric}")


def episode(encoder, optimiser, loss_fn, x, y, n_way, k_shot, metric="l2", train=True):
    encoder.train(train)
    if train:
        optimiser.zero_grad()
    emb = encoder(x)
    support, queries = emb[: n_way * k_shot], emb[n_way * k_shot:]
    protos = class_prototypes(support, n_way, k_shot)
    dist = query_to_prototype(queries, protos, metric)
    log_p = (-dist).log_softmax(dim=1)
    loss = loss_fn(log_p, y)
    if train:
        loss.backward()
        optimiser.step()
    acc = ((-dist).argmax(dim=1) == y).float().mean()
    return loss.item(), acc.item()
