# Synthetic rewrite of the shape of KathyHaem/outliers:src/anisotropy.py at 1540c2d349aea1ae3bff4813fdd2e0f5035e2ff7 (licence MIT); not the original text.
import random

import numpy as np
import torch


def per_dim_cosine_share(u, v):
    # elementwise terms of cos(u, v): they sum to the cosine itself
    return np.array((u * v) / (np.linalg.norm(u) * np.linalg.norm(v)))


def zero_dims(dims, vecs):
    out = vecs.T.clone().detach()
    out[dims] = 0
    return out.T


def estimate_anisotropy(emb_dir, model, layer, languages, parallel=True, drop=None, n_pairs=10000):
    totals, shares_per_lang = 0.0, []
    for lang in languages:
        src = torch.load(f"{emb_dir}/{model}/{layer}/{lang}/{lang}.pt")
        tgt = torch.load(f"{emb_dir}/{model}/{layer}/{lang}/eng.pt") if parallel else src
        if drop is not None:
            src, tgt = zero_dims(drop, src), zero_dims(drop, tgt)
        n = src.shape[0]
        shares = []
        for _ in range(n_pairs):
            i, j = random.sample(range(n), 2)
            shares.append(per_dim_cosine_share(src[i], tgt[j]))
        cosine_contribs_mean = np.stack(shares).mean(axis=0)
        aniso = cosine_contribs_mean.sum()         # expected cosine of random sentence pairs
        totals += aniso
        shares_per_lang.append(cosine_contribs_mean)
        top = np.flip(np.argsort(cosine_contribs_mean)[-10:])
        print(f"{lang}: anisotropy={aniso:.4f} top dims={top}")
    overall = np.stack(shares_per_lang).mean(axis=0)
    print("average anisotropy", totals / len(languages))
    return overall
