# Synthetic rewrite of the shape of RL-VIG/LibContinual:core/model/wa.py at a399ed4b0058e064871a212588118b97a1e4dfac (licence MIT); not the original text.
import copy

import torch
from torch import nn


class AlignedIncrementalHead(nn.Module):
    def __init__(self, encoder, width):
        super().__init__()
        self.encoder = encoder
        self.width = width
        self.head = None

    def grow(self, total_classes):
        fresh = nn.Linear(self.width, total_classes)
        if self.head is not None:
            seen = self.head.out_features
            fresh.weight.data[:seen] = copy.deepcopy(self.head.weight.data)
            fresh.bias.data[:seen] = copy.deepcopy(self.head.bias.data)
        self.head = fresh

    def rebalance(self, n_new):
        # weight aligning: match the average row length of new and old classes
        table = self.head.weight.data
        fresh_len = torch.norm(table[-n_new:, :], p=2, dim=1)
        prior_len = torch.norm(table[:-n_new, :], p=2, dim=1)
        ratio = prior_len.mean() / fresh_len.mean()
        self.head.weight.data[-n_new:, :] *= ratio

    def forward(self, images):
        return self.head(self.encoder(images)["features"])
