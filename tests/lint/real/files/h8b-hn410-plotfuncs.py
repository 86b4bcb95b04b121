# cosaudit corpus, synthetic file: same shape as HN410/Exploring-Weight-Balancing-on-Long-Tailed-Recognition-Problem/utils/plot_funcs.py at f8131b5e9880fbed63b936072308187ad523a16e (licence MIT); new code, no text copied.
import os

import matplotlib.pyplot as plt
import seaborn
import torch


def _save(name, cfg):
    out = os.path.join(cfg.work_dir, "figures")
    os.makedirs(out, exist_ok=True)
    plt.savefig(os.path.join(out, name + ".png"), bbox_inches="tight")
    plt.close()


def plot_row_norms(net, class_names, cfg):
    """Norm of every class row of the last layer, in order of class size."""
    rows = net.last_layer_weight().detach().cpu()
    lengths = torch.linalg.norm(rows, dim=1).numpy()
    plt.figure(figsize=(24, 6))
    plt.plot(lengths, linewidth=2)
    plt.xticks(range(len(class_names)), class_names, rotation=90)
    plt.ylabel("row norm")
    _save("row_norms", cfg)


def plot_row_cosines(net, cfg):
    """Heatmap of the angles between the class rows of the last layer."""
    rows = net.last_layer_weight().detach()
    lengths = torch.norm(rows, dim=1)
    cos = torch.mm(rows, rows.t()) / lengths.unsqueeze(1) / lengths.unsqueeze(0)
    plt.figure(figsize=(9, 9))
    seaborn.heatmap(cos.cpu().numpy(), cmap="RdBu_r", vmin=-1.0, vmax=1.0, square=True)
    plt.title(cfg.run_name)
    _save("row_cosines", cfg)


def class_vs_row_cosine(rows, feats, labels, c, k):
    """Mean cosine between the features of class c and the row of class k."""
    f = feats[labels == c]
    w = rows[k:k + 1]
    cos = torch.mm(f, w.t()) / f.norm(dim=1, keepdim=True) / w.norm(dim=1)
    return cos.mean().item()


def evaluate_and_plot(net, cfg, class_names):
    net.eval()
    plot_row_norms(net, class_names, cfg)
    plot_row_cosines(net, cfg)
