# Synthetic rewrite of the shape of NancyQuris/TACT:methods/tact.py at 56aeefa8b49df9ec9bc4fd309ea65824a415877d (licence MIT); not the original text.
import copy
import torch
import torch.nn as nn


def principal_directions(stack):
    """stack: [B, A, D] features of each sample under A augmentations -> per-sample right singular vectors."""
    centred = stack - stack.mean(dim=1, keepdim=True)
    _, _, vh = torch.linalg.svd(centred, full_matrices=False)
    return vh  # [B, A, D]


def strip_directions(x, vh, first, count):
    """Project out `count` principal directions starting at `first` (x: [B, D] or [B, C, D])."""
    basis = vh[:, first:first + count, :]          # [B, k, D]
    if x.dim() == 2:
        coef = torch.einsum("bd,bkd->bk", x, basis)
        return x - torch.einsum("bk,bkd->bd", coef, basis)
    coef = torch.einsum("bcd,bkd->bck", x, basis)
    return x - torch.einsum("bck,bkd->bcd", coef, basis)


class TrimmedHeadAdapter(nn.Module):
    """Test-time trimming: remove augmentation-sensitive directions from features and from head rows."""

    def __init__(self, net, augment, n_aug=8, first_pc=0, n_pc=1):
        super().__init__()
        self.body, self.head = net[:-1], net[-1]
        self.augment, self.n_aug = augment, n_aug
        self.first_pc, self.n_pc = first_pc, n_pc
        self.rows = self.head.weight.data          # class rows of the trained linear head
        self.running_rows, self.seen = None, 0

    def _trim(self, x):
        feats = self.body(x)
        views = [feats.detach()] + [self.body(self.augment(x)).detach() for _ in range(self.n_aug)]
        vh = principal_directions(torch.stack(views, dim=1))
        kept = strip_directions(feats, vh, self.first_pc, self.n_pc)
        tiled = torch.stack([copy.deepcopy(self.rows)] * feats.size(0))   # [B, C, D]
        batch_rows = strip_directions(tiled, vh, self.first_pc, self.n_pc).mean(dim=0)
        if self.running_rows is None:
            self.running_rows = batch_rows
        else:
            tot = self.seen + feats.size(0)
            self.running_rows = (self.running_rows * self.seen + batch_rows * feats.size(0)) / tot
        self.seen += feats.size(0)
        return kept

    def forward(self, x):
        kept = self._trim(x)
        # raw inner product of trimmed features with the trimmed head rows
        return kept @ self.running_rows.T
