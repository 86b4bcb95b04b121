# Synthetic rewrite of the shape of valeoai/BF3S:bf3s/architectures/classifiers/cosine_classifier_with_weight_generator.py at 0ecffe713eea8b114ab8c794f780e1b112a6e4ba (licence Apache-2.0); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


def scaled_cosine_scores(feats, rows, scale):
    """feats: [B, N, D]; rows: [B, C, D] -> [B, N, C] cosine scores times a scale."""
    return scale * torch.bmm(F.normalize(feats, dim=-1), F.normalize(rows, dim=-1).transpose(1, 2))


class BaseNovelCosineHead(nn.Module):
    def __init__(self, dim, n_base, scale=10.0, learn_scale=True):
        super().__init__()
        self.base_rows = nn.Parameter(torch.randn(n_base, dim) * (2.0 / dim) ** 0.5)
        self.scale = nn.Parameter(torch.tensor(scale), requires_grad=learn_scale)

    def rows_for_episode(self, base_ids, support_feats=None, support_onehot=None):
        base = self.base_rows[base_ids.view(-1)].view(base_ids.size(0), base_ids.size(1), -1)
        if support_feats is None:
            return base
        # novel rows: average of unit-length support features per novel class (imprinting)
        unit = F.normalize(support_feats, p=2, dim=-1, eps=1e-12)
        counts = support_onehot.sum(dim=1, keepdim=True).transpose(1, 2)
        novel = torch.bmm(support_onehot.transpose(1, 2), unit) / counts
        return torch.cat([base, novel], dim=1)

    def forward(self, query_feats, base_ids, support_feats=None, support_onehot=None):
        rows = self.rows_for_episode(base_ids, support_feats, support_onehot)
        return scaled_cosine_scores(query_feats, rows, self.scale)
