# cosaudit corpus, synthetic file: same shape as NeuralCollapseApplications/ImbalancedLearning/train.py at 2ebb309dddcd0ac8b18222fd06357099260bc169 (licence NOASSERTION); new code, no text copied.
"""Imbalanced training with an optional fixed ETF classifier; logs neural-collapse statistics each epoch."""
import numpy as np
import torch

stats = {k: [] for k in ("cos_HH_avg", "cos_WW_avg", "cos_HW_avg", "cos_WW_std", "diag_HW_avg")}


def off_diagonal(m):
    k = m.shape[0]
    return torch.cat([torch.diagonal(m, d) for d in range(1, k)])


@torch.no_grad()
def collapse_stats(feat_sum, counts, classifier, use_etf, num_classes):
    glob = sum(feat_sum.values()) / sum(counts.values())
    means = torch.stack([feat_sum[c] / counts[c] for c in range(num_classes)]) - glob   # centred class means
    W = classifier.etf.T if use_etf else classifier.fc.weight                         # K x d
    means = means / means.norm(dim=1, keepdim=True)
    W = W / W.norm(dim=1, keepdim=True)
    cos_HH = means @ means.T
    cos_WW = W @ W.T
    cos_HW = means @ W.T
    stats["cos_HH_avg"].append(off_diagonal(cos_HH).mean().item())
    stats["cos_WW_avg"].append(off_diagonal(cos_WW).mean().item())
    stats["cos_WW_std"].append(off_diagonal(cos_WW).std().item())
    stats["cos_HW_avg"].append(off_diagonal(cos_HW).mean().item())
    stats["diag_HW_avg"].append(torch.diagonal(cos_HW).mean().item())


def validate(loader, model, classifier, cfg):
    feat_sum, counts = {}, {}
    for x, y in loader:
        f = model(x.cuda())
        for c in y.unique().tolist():
            sel = f[y.cuda() == c]
            feat_sum[c] = feat_sum.get(c, 0) + sel.sum(0)
            counts[c] = counts.get(c, 0) + len(sel)
    collapse_stats(feat_sum, counts, classifier, cfg.etf_classifier, cfg.num_classes)


def save_stats(out_dir):
    for k, v in stats.items():
        np.save(f"{out_dir}/{k}.npy", np.array(v))
