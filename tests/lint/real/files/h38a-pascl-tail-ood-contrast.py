# Synthetic rewrite of the shape of amazon-science/long-tailed-ood-detection:utils/loss_fn.py at e578f44f743a958187ac30180bc168a0d99f207a (licence Apache-2.0); not the original text.
import torch
import torch.nn.functional as F


def tail_vs_outlier_contrast(z_in, z_out, y, temp=0.1, class_weight=None):
    """Supervised contrastive term for a long-tailed classifier with outlier exposure.

    z_in:  projected (unit-length) features of tail-class samples, shape (N, 2, d) for two views
    z_out: projected (unit-length) features of auxiliary outliers, shape (M, d)
    Same-class in-distribution pairs are pulled together; every outlier is a negative.
    """
    n, views = z_in.shape[0], z_in.shape[1]
    m = z_out.shape[0]
    anchors = torch.cat(torch.unbind(z_in, dim=1), dim=0)            # (2N, d)

    # feature-feature similarities against (2N + M) candidates
    sim = torch.matmul(anchors, torch.cat((anchors, z_out), dim=0).T) / temp
    sim = sim - sim.max(dim=1, keepdim=True).values.detach()
    keep = ~torch.eye(sim.shape[0], sim.shape[1], dtype=torch.bool, device=sim.device)
    sim = sim[keep].view(sim.shape[0], -1)

    y = y.view(-1, 1)
    pos = (y == y.T).float().repeat(views, views)
    pos = torch.cat([pos, pos.new_zeros(pos.shape[0], m)], dim=1)
    pos = pos[keep].view(pos.shape[0], -1)
    target = F.normalize(pos, p=1, dim=1)

    per_anchor = -(target * F.log_softmax(sim, dim=1)).sum(dim=1)
    if class_weight is not None:
        w = class_weight[y.squeeze(1)].repeat(views)
        per_anchor = per_anchor * w
    return per_anchor.mean()


def outlier_uniform_loss(logits_out):
    """Outlier exposure: push predictions on outliers toward the uniform distribution."""
    return -(logits_out.mean(dim=1) - torch.logsumexp(logits_out, dim=1)).mean()
