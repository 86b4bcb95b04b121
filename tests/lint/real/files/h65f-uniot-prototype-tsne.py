# Synthetic rewrite of the shape of changwxx/UniOT-for-UniDA:utils/visualization.py at 9ba3bad29956c2f170cd82c9dd8cfa3ae2af3dda (licence MIT); not the original text.
"""Embed target-cluster prototypes together with source/target features for TensorBoard."""
import matplotlib.pyplot as plt
import numpy as np
import torch
import torch.nn.functional as F
from sklearn.manifold import TSNE


@torch.no_grad()
def collect(backbone, proto_classifier, loader):
    feats, labels = [], []
    backbone.eval()
    for images, y in loader:
        pre_logit, _ = proto_classifier(backbone(images.cuda()))
        feats.append(F.normalize(pre_logit).cpu().numpy())
        labels.append(y.numpy())
    return np.concatenate(feats), np.concatenate(labels)


def rescale(points):
    lo, hi = points.min(0), points.max(0)
    return (points - lo) / (hi - lo)


def prototype_tsne(backbone, proto_classifier, cluster_head, src_loader, tgt_loader, writer, step):
    centres = cluster_head.module.fc.weight.detach().cpu().numpy()   # one row per target cluster
    n_centres = centres.shape[0]
    src_feat, src_y = collect(backbone, proto_classifier, src_loader)
    tgt_feat, tgt_y = collect(backbone, proto_classifier, tgt_loader)
    # rows of the cluster head are laid out in the same 2-D map as the features
    everything = np.concatenate([centres, src_feat, tgt_feat])
    xy = rescale(TSNE(n_components=2).fit_transform(everything))
    centre_xy, rest = xy[:n_centres], xy[n_centres:]
    src_xy, tgt_xy = rest[: len(src_y)], rest[len(src_y):]
    fig = plt.figure(figsize=(15, 9))
    plt.scatter(tgt_xy[:, 0], tgt_xy[:, 1], s=20, c=tgt_y, marker="^", cmap="plasma")
    plt.scatter(src_xy[:, 0], src_xy[:, 1], s=70, c=src_y, marker="o", cmap="Set1", alpha=0.3)
    plt.scatter(centre_xy[:, 0], centre_xy[:, 1], s=200, c="k", marker="*")
    writer.add_figure("tsne/prototypes_and_features", fig, step)
    plt.close(fig)
