# Synthetic rewrite of the shape of shinyflight/SFDA2:tar_adaptation.py at 3b14beb03d1cb2806c1c1fe02ff614f6ade29736 (licence CC-BY-NC-SA-4.0); not the original text.
import torch
import torch.nn.functional as F


def effective_head_rows(head_layer):
    # a weight-normalised linear head stores direction (v) and length (g) separately;
    # rebuild the rows actually used in the logits
    return F.normalize(head_layer.weight_v) * head_layer.weight_g


def implicit_augmentation_loss(rows, feats, logits, class_cov, strength):
    """Expected cross-entropy under Gaussian feature noise with the class covariance
    of each sample's pseudo-label (ISDA-style upper bound)."""
    n, d = feats.shape
    k = rows.shape[0]
    guess = logits.argmax(1).detach()
    cov = class_cov[guess]                                  # (n, d, d)
    per_target = []
    for c in range(k):
        tgt = torch.full((n,), c, dtype=torch.long, device=feats.device)
        all_rows = rows.unsqueeze(0).expand(n, k, d)
        own_row = all_rows.gather(1, tgt.view(n, 1, 1).expand(n, k, d))
        gap = all_rows - own_row                           # difference of head rows
        var = strength * torch.bmm(torch.bmm(gap, cov), gap.transpose(1, 2))
        var = (var * torch.eye(k, device=feats.device)).sum(2)
        per_target.append(F.cross_entropy(logits + 0.5 * var, tgt, reduction="none"))
    return torch.stack(per_target).t().sum(1) * 2


def covariance_spread(class_cov, mean_scores):
    """Push apart the flattened class covariances of classes that are often confused."""
    k = class_cov.shape[0]
    flat = class_cov.view(k, -1)
    sim = F.cosine_similarity(flat.unsqueeze(1), flat.unsqueeze(0), dim=2)
    confusion = (mean_scores @ mean_scores.t()) * (1 - torch.eye(k))
    return -torch.sum((1 - sim) * confusion.detach()) / 2


def adaptation_step(backbone, bottleneck, head, x, class_cov, mean_scores, strength):
    feats = bottleneck(backbone(x))
    logits = head(feats)
    rows = effective_head_rows(head.fc)
    loss = implicit_augmentation_loss(rows, feats, logits, class_cov, strength).mean()
    loss = loss + covariance_spread(class_cov, mean_scores)
    return loss
