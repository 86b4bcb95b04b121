# Synthetic rewrite of the shape of chingyaoc/debias_vl:discriminative/main.py at adccbe6a902bc6bedc08198b87a667e573244c9d (licence MIT); not the original text.
"""Remove spurious directions from CLIP zero-shot class prompts with a calibrated projection."""
import numpy as np
import torch
import torch.nn.functional as F
from sklearn.decomposition import TruncatedSVD


def orthogonal_complement(directions):
    svd = TruncatedSVD(n_components=len(directions))
    svd.fit(directions)
    basis = svd.components_.T                      # d x k
    span = basis @ np.linalg.inv(basis.T @ basis) @ basis.T
    return np.eye(span.shape[0]) - span


def pair_penalty(embeddings, pairs):
    dim = embeddings.shape[1]
    total = np.zeros((dim, dim))
    for a, b in pairs:
        diff = (embeddings[a] - embeddings[b])[:, None]
        total += diff @ diff.T
    return total / len(pairs)


def debiased_class_embeddings(encode_text, class_prompts, spurious_prompts, paired_prompts, pairs, lam=1000.0):
    queries = encode_text(class_prompts, normalize=True).numpy()
    base = orthogonal_complement(encode_text(spurious_prompts, normalize=True).numpy())
    calib = lam * pair_penalty(encode_text(paired_prompts, normalize=True).numpy(), pairs) + np.eye(base.shape[0])
    proj = base @ np.linalg.inv(calib)
    out = torch.tensor(queries @ proj.T).float()
    return F.normalize(out, dim=-1)                # unit text embeddings used as zero-shot class vectors


def zero_shot_predict(image_embeddings, class_embeddings, temperature=100.0):
    images = F.normalize(image_embeddings, dim=-1)
    return (temperature * images @ class_embeddings.T).softmax(dim=-1)
