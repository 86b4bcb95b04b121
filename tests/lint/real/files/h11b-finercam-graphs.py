# cosaudit corpus, synthetic file: same shape as 15Max/FinerCAM/utils/graphs.py at 2ae6a0953880a5fdfc6aac5b24a199e0dde23d3c (licence MIT); new code, no text copied.
"""Plot helpers: training curves and the most alike class pairs."""
import os

import matplotlib.pyplot as plt
import torch
import torch.nn.functional as F


def plot_curves(history, metric, phases=("train", "val"), saving_dir=None):
    for ph in phases:
        plt.plot(history[ph][metric], label=ph)
    plt.legend()
    if saving_dir:
        os.makedirs(saving_dir, exist_ok=True)
        plt.savefig(os.path.join(saving_dir, f"{metric}_{'_'.join(phases)}.png"))


def cosine_similarity_matrix(weights, device):
    """Pairwise cosine of the per-class weight vectors, a (C, C) matrix in [-1, 1]."""
    unit = F.normalize(weights.to(device), p=2, dim=1)
    return torch.matmul(unit, unit.T)


def plot_top_similar_pairs(sim_matrix, top_n=10, class_names=None, show=True, saving_dir=None):
    """Bar chart of the top_n class pairs with the largest cosine."""
    S = sim_matrix.cpu().numpy()
    C = S.shape[0]
    pairs = [((a, b), S[a, b]) for a in range(C) for b in range(a + 1, C)]
    best = sorted(pairs, key=lambda t: t[1], reverse=True)[:top_n]
    names = [f"{class_names[a]}-{class_names[b]}" if class_names else f"{a}-{b}" for (a, b), _ in best]
    plt.figure(figsize=(10, 5))
    plt.bar(names, [v for _, v in best])
    plt.xticks(rotation=75)
    plt.ylabel("Cosine Similarity")
    plt.title(f"Top {top_n} Most Similar Class Pairs")
    if saving_dir:
        os.makedirs(saving_dir, exist_ok=True)
        plt.savefig(os.path.join(saving_dir, f"top_{top_n}_similar_pairs.png"))
    if show:
        plt.show()
