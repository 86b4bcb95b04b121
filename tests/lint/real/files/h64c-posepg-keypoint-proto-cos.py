# Synthetic rewrite of the shape of hamedrq7/Pose-PG:scripts/test_model_weights.py at 1765600b8e9a51a87851dfef929a7ea36ba3f7a0 (licence NOASSERTION); not the original text.
"""Inspect the 1x1 heatmap head of a pose network: one 'prototype' per COCO keypoint."""
import os

import matplotlib.pyplot as plt
import numpy as np
from scipy.cluster.hierarchy import dendrogram, linkage
from sklearn.metrics.pairwise import cosine_similarity

from misc.general_utils import get_model
from datasets.coco_meta import KEYPOINT_NAMES


def blank_diagonal(mat):
    out = mat.astype(float).copy()
    np.fill_diagonal(out, np.nan)
    return out


def inspect_head(out_dir, checkpoint, arch="hrnet"):
    os.makedirs(out_dir, exist_ok=True)
    net = get_model(model_name=arch, pretrained_weight_path=checkpoint)
    head = net.get_joint_prototypes()          # Conv2d(256 -> 17, kernel 1), trained on MSE heatmaps
    protos = head.weight.detach().cpu().numpy().squeeze()
    offsets = head.bias.detach().cpu().numpy()

    sims = blank_diagonal(cosine_similarity(protos))
    plt.figure(figsize=(9, 7))
    plt.imshow(sims, cmap="magma")
    plt.colorbar(label="cosine")
    plt.xticks(range(len(KEYPOINT_NAMES)), KEYPOINT_NAMES, rotation=90)
    plt.yticks(range(len(KEYPOINT_NAMES)), KEYPOINT_NAMES)
    plt.savefig(os.path.join(out_dir, "prototype_cosine.png"), dpi=200)
    plt.close()

    with open(os.path.join(out_dir, "closest_keypoint.txt"), "w") as report:
        for i, name in enumerate(KEYPOINT_NAMES):
            j = int(np.nanargmax(sims[i]))
            report.write(f"{name:16s} closest {KEYPOINT_NAMES[j]} cos={sims[i, j]:.3f}\n")

    tree = linkage(protos, method="ward")
    plt.figure(figsize=(10, 4))
    dendrogram(tree, labels=KEYPOINT_NAMES)
    plt.savefig(os.path.join(out_dir, "prototype_tree.png"), dpi=200)
    plt.close()

    lengths = np.linalg.norm(protos, axis=1)
    print("norm/bias correlation:", np.corrcoef(lengths, offsets)[0, 1])
