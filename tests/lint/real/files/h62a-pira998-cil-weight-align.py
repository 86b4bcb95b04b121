# Synthetic rewrite of the shape of pira998/class-incremental-learning-pytorch:model.py at 50cff82495fb04464fe0c00c55207ab23e8c9b55 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn


class StagedHeads(nn.Module):
    """One plain softmax linear block per incremental stage, logits concatenated."""

    def __init__(self, dim, first_stage_classes):
        super().__init__()
        self.dim = dim
        self.blocks = nn.ModuleList([nn.Linear(dim, first_stage_classes)])

    def grow(self, n_new):
        self.blocks.append(nn.Linear(self.dim, n_new))

    def forward(self, z):
        return torch.cat([blk(z) for blk in self.blocks], dim=1)


class IncrementalLearner(nn.Module):
    def __init__(self, encoder, dim, first_stage_classes):
        super().__init__()
        self.encoder = encoder
        self.head = StagedHeads(dim, first_stage_classes)

    def forward(self, x):
        z = self.encoder(x)
        return self.head(z), z

    @torch.no_grad()
    def rebalance_new_rows(self, n_new):
        # Weight Aligning: compare row lengths only, then rescale the newest block
        rows = torch.cat([blk.weight for blk in self.head.blocks], dim=0)
        lengths = rows.norm(p=2, dim=1)
        ratio = lengths[:-n_new].mean() / lengths[-n_new:].mean()
        print(f"aligning new-class rows by factor {ratio.item():.4f}")
        self.head.blocks[-1].weight.mul_(ratio)
