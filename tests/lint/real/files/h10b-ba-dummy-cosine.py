# cosaudit corpus, synthetic file: same shape as evansbeth/backdoor_attack/Backdoor/dummy_test.py at 87af8730167535a509397639f6d06e157bb0e7b3 (licence NOASSERTION); new code, no text copied.
"""Compare the class geometry of the full-precision and the rank-limited CIFAR-10 heads."""
import matplotlib.pyplot as plt
import numpy as np
import seaborn as sns
import torch
import torch.nn.functional as F

from utils.networks import load_network


def head_angle(coords, a, b):
    unit = coords / np.linalg.norm(coords, axis=1, keepdims=True)
    c = np.clip(unit[a] @ unit[b], -1.0, 1.0)
    return float(np.degrees(np.arccos(c)))


def row_cosines(W):
    Wn = F.normalize(W, p=2, dim=1)
    return Wn @ Wn.T


def compare_heads(ckpt="weight_results/model.pth"):
    net = load_network("cifar10", "ResNet18LowRank")
    net.load_state_dict(torch.load(ckpt, weights_only=True))
    net.eval()
    W_full = net.linear.weight.detach()
    U, S, _ = torch.linalg.svd(W_full, full_matrices=False)
    W_low = U @ torch.diag(S)
    full, low = row_cosines(W_full), row_cosines(W_low)
    fig, axes = plt.subplots(1, 2, figsize=(14, 6))
    for ax, mat, name in zip(axes, (full, low), ("full precision", "low rank")):
        sns.heatmap(mat.numpy(), ax=ax, annot=True, fmt=".2f", cmap="vlag", vmin=-1, vmax=1)
        ax.set_title(f"{name}: cosine between class weights")
    fig.savefig("results/class_cosines.png")
    print("angle class 0 / class 9:", head_angle(W_full.numpy(), 0, 9))


compare_heads()
