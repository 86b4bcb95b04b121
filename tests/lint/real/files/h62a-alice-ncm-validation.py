# Synthetic rewrite of the shape of CanPeng123/FSCIL_ALICE:alice/validation/validation.py at 955e640a2f7eb8959ede07ee644c10d3e58d209f (licence NOASSERTION); not the original text.
import numpy as np
import torch
import torch.nn.functional as F
from sklearn.metrics.pairwise import pairwise_distances


@torch.no_grad()
def collect(encoder, loader):
    feats, labels = [], []
    for images, ys in loader:
        feats.append(encoder(images.cuda()).cpu())
        labels.append(ys)
    return torch.cat(feats), torch.cat(labels)


@torch.no_grad()
def nearest_mean_accuracy(encoder, train_loader, val_loader, n_base):
    """Score the encoder by nearest class-mean retrieval (no classifier rows involved)."""
    encoder.eval()
    train_feats, train_labels = collect(encoder, train_loader)
    centroids = torch.stack(
        [train_feats[train_labels == c].mean(dim=0) for c in range(n_base)]
    )
    centroids = F.normalize(centroids, p=2, dim=-1)

    val_feats, val_labels = collect(encoder, val_loader)
    val_feats = F.normalize(val_feats, p=2, dim=-1)

    # cosine distance of every validation embedding to every class centroid
    dist = pairwise_distances(val_feats.numpy(), centroids.numpy(), metric="cosine")
    guess = dist.argmin(axis=1)
    return float(np.mean(guess == val_labels.numpy()))
