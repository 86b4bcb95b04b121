# Synthetic rewrite of the shape of SYSU-MIA-GROUP/pca-based-out-of-distribution-detection:detection.py at 5d42d1a4d0e8c9bac71ade928c365fa8d010dcc6 (licence NOASSERTION); not the original text.
import numpy as np
import torch
import torchvision
from scipy.special import logsumexp


def principal_projector(train_feats, n_keep=256):
    cov = np.cov(train_feats.T)
    vecs, _, _ = np.linalg.svd(cov)
    basis = vecs[:, :n_keep]
    return basis @ basis.T


def residual_ratio(feats, centre, proj, clipped):
    off_space = (feats - centre) @ (np.eye(proj.shape[0]) - proj)
    return np.linalg.norm(off_space, axis=-1) / np.linalg.norm(clipped, axis=-1)


def run(feature_dir, ood_names=("inat", "sun", "places", "textures"), cap=1.0):
    net = torchvision.models.resnet50(weights="IMAGENET1K_V1").eval()
    head_w = net.fc.weight.detach().numpy()
    head_b = net.fc.bias.detach().numpy()

    train = np.load(f"{feature_dir}/id_train.npy")
    centre = train.mean(axis=0)
    proj = principal_projector(train)

    def score(feats):
        clipped = feats.clip(max=cap)
        logits = clipped @ head_w.T + head_b
        energy = logsumexp(logits, axis=-1)
        return energy * (1.0 - residual_ratio(feats, centre, proj, clipped))

    id_scores = score(np.load(f"{feature_dir}/id_test.npy"))
    report = {}
    for name in ood_names:
        ood_scores = score(np.load(f"{feature_dir}/{name}.npy"))
        cut = np.quantile(id_scores, 0.05)
        report[name] = float((ood_scores >= cut).mean())
    return report
