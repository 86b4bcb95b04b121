# cosaudit corpus, synthetic file: same shape as kahnchana/opl/classification/cifar/losses.py at 1db31de3f95ced16c769f5b18325bdef46f317f4 (licence MIT); new code, no text copied.
import torch
import torch.nn as nn
import torch.nn.functional as F


class ProjectionSeparationLoss(nn.Module):
    """Pull same-class features to cosine 1, push other classes to cosine 0 (within a batch)."""

    def __init__(self, skip_norm=False, gamma=2.0):
        super().__init__()
        self.skip_norm = skip_norm
        self.gamma = gamma

    def forward(self, feats, labels):
        if not self.skip_norm:
            feats = F.normalize(feats, dim=1)
        same = labels[:, None].eq(labels[None, :])
        diag = torch.eye(len(labels), dtype=torch.bool, device=feats.device)
        pos = (same & ~diag).float()
        neg = (~same).float()
        sims = feats @ feats.t()
        pos_mean = (pos * sims).sum() / (pos.sum() + 1e-6)
        neg_mean = (neg * sims).abs().sum() / (neg.sum() + 1e-6)
        return (1 - pos_mean) + self.gamma * neg_mean, pos_mean, neg_mean


class GramDistillation(nn.Module):
    def forward(self, feats, teacher_feats, tau=1.0):
        s = F.normalize(feats, dim=1)
        t = F.normalize(teacher_feats, dim=1)
        gs, gt = s @ s.t(), t @ t.t()
        return F.kl_div(gs / tau, gt / tau, reduction="sum", log_target=True) * tau * tau / gt.numel()


class CentreOrthogonalityLoss(nn.Module):
    """Keeps its own learnable class centres; features go to their centre, centres stay orthogonal."""

    def __init__(self, n_classes=10, dim=2048):
        super().__init__()
        self.centres = nn.Parameter(torch.randn(n_classes, dim))
        self.n_classes = n_classes

    def forward(self, feats, labels):
        feats = F.normalize(feats, dim=1)
        centres = F.normalize(self.centres, dim=1)
        onehot = F.one_hot(labels, self.n_classes).float()
        own = onehot @ centres
        pull = 0.5 * (1 - (own * feats).sum(1)).abs().mean()
        centre_gram = centres @ centres.t()
        spread = (centre_gram - torch.eye(self.n_classes, device=feats.device)).abs().mean()
        return pull + spread


class CentreLoss(nn.Module):
    def __init__(self, n_classes=10, dim=2):
        super().__init__()
        self.centres = nn.Parameter(torch.randn(n_classes, dim))

    def forward(self, x, labels):
        d = torch.cdist(x, self.centres).pow(2)
        return d.gather(1, labels[:, None]).clamp(1e-12, 1e12).mean()


class RBFHead(nn.Module):
    def __init__(self, dim, n_classes, scale, gamma):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(n_classes, dim))
        nn.init.xavier_uniform_(self.weight)
        self.scale, self.gamma = scale, gamma

    def forward(self, feat):
        sq = (self.weight[None] - feat[:, None]).pow(2).sum(-1)
        return self.scale * torch.exp(-sq / self.gamma)
