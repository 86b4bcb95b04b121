# cosaudit corpus, synthetic file: same shape as gidariss/wDAE_GNN_FewShot/low_shot_learning/architectures/classifiers/weights_denoising_autoencoder.py at 6db1e4b1fe99821ffa116be009b5765f47932400 (licence MIT); new code, no text copied.
"""Graph denoiser over class weight vectors of a cosine classifier (few-shot weight generation)."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def neighbour_messages(nodes, affinity, k):
    """Keep the k strongest neighbours of every node and renormalise their affinities."""
    b, n, d = nodes.shape
    affinity, idx = torch.topk(affinity, k, dim=2)
    picked = nodes.reshape(-1, d)[(idx + torch.arange(b, device=idx.device)[:, None, None] * n).reshape(-1)]
    affinity = affinity / (affinity.sum(dim=2, keepdim=True) + 1e-12)
    return picked.view(b, n, k, d), affinity


class GatedUpdate(nn.Module):
    def __init__(self, d_in, d_msg, d_out):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(d_in + d_msg, d_out), nn.LeakyReLU(0.1))

    def forward(self, x, msg):
        out = F.normalize(self.mlp(torch.cat([x, msg], dim=-1)), p=2, dim=-1)
        # both halves are unit vectors, so the concatenation is rescaled to unit norm
        return torch.cat([x, out], dim=-1) / math.sqrt(2)


class WeightAffinity(nn.Module):
    """Soft adjacency between class weight vectors (the classifier compares unit vectors only)."""

    def __init__(self, tau=10.0, learn_tau=False):
        super().__init__()
        self.tau = nn.Parameter(torch.tensor([tau]), requires_grad=learn_tau)

    def forward(self, weights, self_mask):
        unit = F.normalize(weights, p=2, dim=-1, eps=1e-12)
        affinity = torch.bmm(unit, unit.transpose(1, 2))
        affinity = self.tau * affinity - 1e8 * self_mask
        return F.softmax(affinity, dim=2)


class CosineHead(nn.Module):
    """logits = scale * cos(w_k, f(x)); base weights are generated/denoised as unit vectors."""

    def __init__(self, n_feat, n_base, scale=10.0):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(n_base, n_feat) * math.sqrt(2.0 / n_feat))
        self.scale = nn.Parameter(torch.tensor([scale]))
        self.affinity = WeightAffinity()

    def forward(self, feats, weights=None):
        w = self.weight if weights is None else weights
        return self.scale * F.linear(F.normalize(feats, dim=-1), F.normalize(w, dim=-1))
