# cosaudit corpus, synthetic file: same shape as Rodrigo-Zuiani/ood-detection/src/utils/NC_utils.py at 823d28b94b78cc18368f534f8ae570cb3e19a91e (licence NOASSERTION); new code, no text copied.
"""Neural-collapse statistics NC1-NC3 for a classifier with a `linear` head."""
import torch
import torch.nn.functional as F


def nc1_stats(feats, labels, centred_means):
    """Within-class, total and between-class variance per dimension."""
    n, d = feats.shape
    k = centred_means.shape[0]
    means = torch.zeros(k, d)
    scatter = torch.zeros(d, d)
    for c in range(k):
        sel = labels == c
        if sel.any():
            means[c] = feats[sel].mean(0)
            z = feats[sel] - means[c]
            scatter += z.T @ z
    within = torch.trace(scatter) / (n * d)
    total = ((feats - feats.mean(0)) ** 2).sum() / (n * d)
    return {"within": within.item(), "total": total.item(),
            "between": (total - within).item(), "ratio": (within / total).item()}


def nc2_stats(centred_means):
    """Spread of the pairwise Euclidean distances between centred class means."""
    dist = torch.cdist(centred_means, centred_means)
    upper = dist[torch.triu(torch.ones_like(dist), diagonal=1).bool()]
    return {"mean": upper.mean().item(), "std": upper.std().item(),
            "cv": (upper.std() / upper.mean()).item()}


def nc3_stats(model, centred_means):
    """Alignment of each classifier row with the mean of its own class."""
    rows = F.normalize(model.linear.weight.detach().cpu(), dim=1)
    mus = F.normalize(centred_means, dim=1)
    per_class = (rows * mus).sum(dim=1)
    return {"mean": per_class.mean().item(), "std": per_class.std().item(),
            "min": per_class.min().item(), "max": per_class.max().item()}
