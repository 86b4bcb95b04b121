# Synthetic rewrite of the shape of YunXiaooooo/Class-incremental-learning-based-on-playback-images-generated-by-classification-network:model/modelseting.py at 371ac703981abb4a5ba936304afcaef801436c47 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn


def unit_columns(mat, eps=1e-12):
    # the class vectors are stored as COLUMNS (in_dim x n_classes)
    return mat / torch.linalg.norm(mat, dim=0, keepdim=True).clamp(min=eps)


def unit_rows(mat, eps=1e-12):
    return mat / torch.linalg.norm(mat, dim=1, keepdim=True).clamp(min=eps)


class TwoPartCosineHead(nn.Module):
    """Incremental head: frozen old class columns plus trainable new ones; logits are cosines."""

    def __init__(self, in_dim, n_new, old_columns=None):
        super().__init__()
        init = nn.Linear(in_dim, n_new, bias=False).weight.data.t()
        self.new_cols = nn.Parameter(init)
        self.old_cols = None if old_columns is None else nn.Parameter(old_columns, requires_grad=False)

    def forward(self, feats):
        f = unit_rows(feats)
        new_scores = f @ unit_columns(self.new_cols)
        if self.old_cols is None:
            return new_scores
        old_scores = f @ unit_columns(self.old_cols)
        return torch.cat([old_scores, new_scores], dim=1)


class ReplayNet(nn.Module):
    def __init__(self, encoder, in_dim, n_new, old_columns=None):
        super().__init__()
        self.encoder = encoder
        self.head = TwoPartCosineHead(in_dim, n_new, old_columns)

    def forward(self, x):
        z = self.encoder(x)
        return self.head(z), z
