# Synthetic rewrite of the shape of asgersvenning/mini_trainer:mini_trainer/utils/plot.py at d90e4e5f8362a977910ed7c2609e15b30c4bb8c9 (licence MIT); not the original text.
import torch
from torch import nn

from mini_trainer.classifier import last_layer_weights


def label_gap_matrix(head_rows: torch.Tensor, as_probability: bool = True):
    """Distance between every pair of classes, read off the output layer."""
    w = head_rows.detach().cpu().clone()
    w -= w.mean(dim=0, keepdim=True)  # remove the part shared by all classes
    w /= w.std(dim=0, unbiased=True, keepdim=True)
    gaps = torch.cdist(w, w).float()
    if not as_probability:
        return gaps
    chi = torch.distributions.Chi2(w.shape[1])
    return chi.cdf(gaps ** 2 / 2)


def draw_label_gaps(net: nn.Module, painter, **opts):
    rows = last_layer_weights(net)
    gaps = label_gap_matrix(rows, True)
    gaps.fill_diagonal_(torch.nan)
    return painter(gaps, **opts)
