# Synthetic rewrite of the shape of HeberTU/word-2-vect-skipgram:word2vect/ml/model_selection/validation.py at 72ef1fedffbccfadb6f98943b161ddf5e4ea9860 (licence NOASSERTION); not the original text.
import random

import numpy as np
import torch


def probe_similarity(emb_layer, n_probe=16, window=100, device="cpu"):
    """Cosine of a few frequent and a few rarer words against the whole lookup table."""
    table = emb_layer.weight
    lengths = table.pow(2).sum(dim=1).sqrt().unsqueeze(0)

    common = random.sample(range(window), n_probe // 2)
    rare = random.sample(range(1000, 1000 + window), n_probe // 2)
    ids = torch.LongTensor(np.array(common + rare)).to(device)

    probes = emb_layer(ids)
    scores = torch.mm(probes, table.t()) / lengths
    return ids, scores
