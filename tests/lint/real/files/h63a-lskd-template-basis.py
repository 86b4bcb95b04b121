# Synthetic rewrite of the shape of sutd-visual-computing-group/LS-KD-compatibility:src/visualization/alpha-LS-KD_imagenet_centroids.py at fb2eb12bc4ee2eec8037a9b0c303cff5fb3dbe0d (licence MIT); not the original text.
import numpy as np
import torch
from sklearn.decomposition import PCA


def template_basis(state, picked):
    """Orthonormal basis of the span of three class templates (weight row plus bias)."""
    w = state["fc.weight"]
    b = state["fc.bias"]
    assert torch.is_tensor(w) and torch.is_tensor(b)
    rows = w.detach().cpu().numpy()[picked, :]                      # (3, d)
    bias = b.detach().cpu().numpy().reshape(-1, 1)[picked, :]       # (3, 1)
    aug = np.concatenate([rows, bias], axis=1)                      # (3, d + 1)
    q, _ = np.linalg.qr(aug.T)                                      # (d + 1, 3)
    return q


def project_student(features, n_per_class, q, pca=None, fit=False):
    """features are penultimate activations with a trailing 1 appended; returns 2-D points."""
    means = np.stack([features[k * n_per_class:(k + 1) * n_per_class].mean(0) for k in range(3)])
    pts = features @ q
    ctr = means @ q
    pca = pca or PCA(n_components=2)
    if fit:
        pca.fit(np.concatenate([pts, ctr]))
    return pca.transform(pts), pca.transform(ctr), pca


def sweep(load_student, extract, loaders, picked, temperatures=("1", "2"), alphas=("0.0", "0.1")):
    reducers = {}
    out = {}
    for t in temperatures:
        for split, loader in loaders.items():
            for a in alphas:
                model, state = load_student(alpha=a, temperature=t)
                q = template_basis(state, picked)
                feats, _ = extract(model, loader, picked)
                key = (a, t)
                fit = split == "train"
                pts, ctr, reducers[key] = project_student(feats, 150 if fit else 50, q, reducers.get(key), fit)
                out[(a, t, split)] = (pts, ctr)
    return out
