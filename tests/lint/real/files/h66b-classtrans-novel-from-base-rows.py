# Synthetic rewrite of the shape of earth-insights/ClassTrans:src/classifier.py at df420faa389ebb57828630787fc7d10a286c0520 (licence MIT); not the original text.
import torch
import torch.nn.functional as F


def sinkhorn(cost, row_mass, col_mass, reg=0.1, iters=100, eps=1e-7):
    """Entropic optimal transport plan between novel (rows) and base (cols) classes."""
    kernel = torch.exp(-cost / (cost.max() + eps) / reg)
    u = torch.ones_like(row_mass)
    for _ in range(iters):
        v = col_mass / (kernel.t() @ u + eps)
        u = row_mass / (kernel @ v + eps)
    return u[:, None] * kernel * v[None, :]


class TransportInitHead:
    """Generalised few-shot segmentation head: novel rows are mixtures of base rows."""

    def __init__(self, base_rows, n_novel):
        self.base_rows = base_rows          # (feat_dim, n_base_plus_bg)
        self.n_base = base_rows.shape[-1]
        self.n_novel = n_novel
        self.novel_rows = None

    def base_probs(self, feats):
        return torch.einsum("bchw,cC->bChw", feats, self.base_rows).softmax(dim=1)

    def seed_novel(self, support_feats, support_masks):
        masks = F.interpolate(support_masks.float(), size=support_feats.shape[-2:], mode="nearest").long()
        pseudo = self.base_probs(support_feats).argmax(dim=1)
        cost = torch.zeros(self.n_novel, self.n_base, device=support_feats.device)
        for b in range(self.n_base):
            base_centre = (support_feats * (pseudo == b)[:, None]).mean(dim=(0, 2, 3))
            for k in range(self.n_novel):
                novel_centre = (support_feats * (masks == self.n_base + k)).mean(dim=(0, 2, 3))
                # squared Euclidean gap between class-mean features
                cost[k, b] = (base_centre - novel_centre).pow(2).sum()
        plan = sinkhorn(cost,
                        torch.full((self.n_novel,), 1.0 / self.n_novel, device=cost.device),
                        torch.full((self.n_base,), 1.0 / self.n_base, device=cost.device))
        # each novel row is a plan-weighted blend of the learned base rows
        self.novel_rows = self.base_rows @ plan.t()
        return self.novel_rows
