# Synthetic rewrite of the shape of hugoycj/Incremental-Learning-with-Weight-Aligning:model.py at 2d1cddd21018575581c4669fb1ead1e18a71619e (licence NOASSERTION); not the original text.
"""Class-incremental output layer with weight aligning.

The output layer is split into one bias-free block per task. After a new task
is learned, the rows of the newest block are rescaled so that their average
length matches the average length of the rows of all earlier blocks.
"""
import numpy as np
import torch
from torch import nn


class TaskSplitHead(nn.Module):
    def __init__(self, dim, total_classes, tasks=5):
        super().__init__()
        self.per_task = total_classes // tasks
        self.blocks = nn.ModuleList(
            nn.Linear(dim, self.per_task, bias=False) for _ in range(tasks)
        )

    def forward(self, h):
        return torch.cat([blk(h) for blk in self.blocks], dim=1)

    @torch.no_grad()
    def rebalance(self, task):
        fresh = self.blocks[task].weight.detach().cpu().numpy()
        earlier = np.concatenate(
            [self.blocks[t].weight.detach().cpu().numpy() for t in range(task)]
        )
        fresh_len = np.linalg.norm(fresh, axis=1)      # one length per new class row
        earlier_len = np.linalg.norm(earlier, axis=1)  # one length per old class row
        scale = fresh_len.mean() / earlier_len.mean()
        device = self.blocks[task].weight.device
        self.blocks[task].weight.copy_(torch.as_tensor(scale * fresh, device=device))
        return float(scale)


if __name__ == "__main__":
    head = TaskSplitHead(64, 100)
    feats = torch.randn(8, 64)
    print(head(feats).shape, head.rebalance(2))
