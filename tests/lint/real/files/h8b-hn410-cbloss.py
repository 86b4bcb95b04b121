# cosaudit corpus, synthetic file: same shape as HN410/Exploring-Weight-Balancing-on-Long-Tailed-Recognition-Problem/utils/class_balanced_loss.py at f8131b5e9880fbed63b936072308187ad523a16e (licence MIT); new code, no text copied.
import torch
import torch.nn.functional as F


def dot_regression(logits, labels, net, feats):
    """Pull the true-class logit towards ||h|| * ||w_y||."""
    true_logit = logits.gather(1, labels.view(-1, 1)).squeeze(1)
    target = (feats.norm(dim=1) * net.last_layer_weight()[labels].norm(dim=1)).detach()
    return ((true_logit - target) ** 2 / (2 * target)).mean()


def collapse_loss(logits, labels, feats, lam_within, lam_angle):
    """Cross-entropy plus within-class spread and an angle term on batch class means."""
    n_cls = int(labels.max()) + 1
    loss = F.cross_entropy(logits, labels)
    means = torch.stack([feats[labels == k].mean(0) for k in range(n_cls)])
    means = torch.nan_to_num(means)
    counts = torch.bincount(labels, minlength=n_cls).float()
    loss = loss + lam_within * ((feats - means[labels]).pow(2).sum(1) / counts[labels]).sum()

    means = means[means.norm(dim=1) > 0]
    unit_means = means / means.norm(dim=1, keepdim=True)
    cos_sim = unit_means @ unit_means.T
    cos_sim.fill_diagonal_(-1.0)
    angles = torch.arccos(cos_sim - 1e-2)
    if angles.numel():
        loss = loss - lam_angle * torch.nan_to_num(angles.min(dim=1).values).mean()
    return loss
