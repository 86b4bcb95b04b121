# cosaudit corpus, synthetic file: same shape as jaehulp/FedDrop/utils/neural_collapse.py at e58add7ae16b2752bed745479471b08c573ab875 (licence NOASSERTION); new code, no text copied.
import numpy as np
import torch
from scipy.sparse.linalg import svds


class CollapseStats:
    def __init__(self, n_cls):
        self.n_cls = n_cls
        self.sums = [0] * n_cls
        self.counts = [0] * n_cls


def accumulate(stats, feats, ys):
    for c in range(stats.n_cls):
        rows = feats[ys == c]
        if len(rows):
            stats.sums[c] = stats.sums[c] + rows.sum(0)
            stats.counts[c] += rows.shape[0]


def pairwise_angles(unit_cols, n_cls):
    gram = unit_cols.T @ unit_cols
    gram = gram - torch.diag(torch.diag(gram))
    spread = gram.std()
    gram = gram + torch.ones(n_cls, n_cls, device=gram.device) / (n_cls - 1)
    return spread, gram.abs().sum().item() / (n_cls * (n_cls - 1))


def summarise(stats, head):
    means = torch.stack([s / n for s, n in zip(stats.sums, stats.counts)]).T   # D x C
    centred = means - means.mean(dim=1, keepdim=True)
    w = head.weight                                                            # C x D
    m_len = centred.norm(dim=0)
    w_len = w.T.norm(dim=0)
    out = {
        "self_duality": (centred / centred.norm() - w.T / w.T.norm()).norm().item() ** 2,
        "w_norm_cv": (w_len.std() / w_len.mean()).item(),
    }
    out["m_cos_std"], out["m_cos_avg"] = pairwise_angles(centred / m_len, stats.n_cls)
    w_cos_spread, w_cos_mean = pairwise_angles(w.T / w_len, stats.n_cls)
    out["w_cos_std"], out["w_cos_avg"] = w_cos_spread, w_cos_mean
    return out


def log_summary(summary, logger):
    for key, value in summary.items():
        logger.info(f"{key}: {value}")
