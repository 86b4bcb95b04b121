# cosaudit corpus, synthetic file: same shape as ssymon8/IA313_OOD/nc_utils.py at 108d1309ccb98d340e7071d4c5c628d731a0d154 (licence NOASSERTION); new code, no text copied.
import os

import matplotlib.pyplot as plt
import seaborn as sns
import torch
import torch.nn.functional as F


def collapse_metrics(feats, labels, head_w, head_b=None, n_cls=100):
    """NC1 variances, NC2 cosine matrix of centred class means, NC3 cosine of each class row with its mean."""
    grand = feats.mean(dim=0)
    means = torch.zeros(n_cls, feats.shape[1], device=feats.device)
    spread = []
    for c in range(n_cls):
        f_c = feats[labels == c]
        if len(f_c):
            means[c] = f_c.mean(dim=0)
            spread.append((f_c - means[c]).norm(dim=1).pow(2).mean().item())
        else:
            spread.append(0.0)
    unit_means = F.normalize(means - grand, p=2, dim=1)
    mean_cos = unit_means @ unit_means.t()
    unit_rows = F.normalize(head_w, p=2, dim=1)
    row_mean_cos = (unit_rows * unit_means).sum(dim=1)
    out = {"spread": spread, "mean_cos": mean_cos.cpu().numpy(), "row_mean_cos": row_mean_cos.cpu().numpy(),
           "etf_angle": -1.0 / (n_cls - 1)}
    if head_b is not None:
        out["bias"] = head_b.cpu().numpy()
    return out


def plot_collapse(m, out_dir="figures"):
    os.makedirs(out_dir, exist_ok=True)
    sns.heatmap(m["mean_cos"], cmap="coolwarm", center=0)
    plt.title(f"class-mean cosines (ETF value {m['etf_angle']:.4f})")
    plt.savefig(os.path.join(out_dir, "nc2.png"))
    plt.close()
    plt.bar(range(len(m["row_mean_cos"])), m["row_mean_cos"])
    plt.title("cosine of each class row with its class mean")
    plt.savefig(os.path.join(out_dir, "nc3.png"))
    plt.close()
