# Synthetic rewrite of the shape of DawnLIU35/FSCIL-ASP:models/asp.py at 024d9b9401da98025a88e56da48fdfc641fe7a99 (licence NOASSERTION); not the original text.
import numpy as np
import torch
import torch.nn as nn


def pick_anchor_samples(embeddings, labels, dataset):
    """For every class keep the training sample whose embedding is closest (by angle) to the class mean."""
    chosen = []
    angle = nn.CosineSimilarity(dim=1, eps=1e-6)
    for cls in np.unique(labels.cpu().numpy()):
        members = (labels == cls).nonzero().squeeze(-1)
        feats = embeddings[members]
        centre = feats.mean(0, keepdim=True).expand_as(feats)
        sims = angle(feats, centre)
        best = members[torch.argmax(sims)]
        chosen.append(dataset[int(best)][1])
    return chosen


def cosine_margin_loss(cos_logits, targets):
    total = 0.0
    for row, y in zip(cos_logits, targets):
        total = total + (1 - row[y])
    return total / len(targets)
