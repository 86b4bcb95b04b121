# Synthetic rewrite of the shape of 07Agarg/HAF:util/arch/custom_wideresnet.py at 5c02bae6704744dab53d69e5884be42f0a7c4bd6 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class TwoLevelHead(nn.Module):
    """Coarse and fine linear heads whose weight rows are unit-normalised before use."""

    def __init__(self, trunk, feat_dim, n_coarse, n_fine, fine_of_coarse, device):
        super().__init__()
        self.trunk = trunk
        self.coarse = nn.Linear(feat_dim, n_coarse)
        self.fine = nn.Linear(feat_dim, n_fine)
        self.children_of = fine_of_coarse      # list: coarse index -> list of fine indices
        self.device = device

    def forward(self, x, fine_targets, coarse_targets, ce):
        h = self.trunk(x)
        w_coarse = F.normalize(self.coarse.weight, p=2, dim=1)
        w_fine = F.normalize(self.fine.weight, p=2, dim=1)

        # logits are taken against the unit-length rows (plus bias)
        coarse_logits = h @ w_coarse.t() + self.coarse.bias
        fine_logits = h @ w_fine.t() + self.fine.bias
        loss_ce = ce(fine_logits, fine_targets)

        # geometric consistency: each coarse row should point like the sum of its children's rows
        summed = torch.zeros_like(w_coarse)
        for c, kids in enumerate(self.children_of):
            summed[c] = w_fine[kids].sum(dim=0)
        summed = F.normalize(summed, p=2, dim=1)
        agree = F.cosine_similarity(w_coarse, summed, dim=1, eps=1e-8).mean()

        # soft consistency between levels on probabilities
        p_fine = fine_logits.softmax(dim=1)
        p_coarse = coarse_logits.softmax(dim=1)
        pooled = torch.stack([p_fine[:, kids].sum(1) for kids in self.children_of], dim=1)
        js = 0.5 * (F.kl_div(pooled.log(), p_coarse, reduction="batchmean")
                    + F.kl_div(p_coarse.log(), pooled, reduction="batchmean"))
        return fine_logits, loss_ce + js + (1.0 - agree)
