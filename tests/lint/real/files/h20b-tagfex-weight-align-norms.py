# Synthetic rewrite of the shape of bwnzheng/TagFex_CVPR2025:methods/tagfex/tagfexnet.py at 78b972c7eefe534ee05a77d9c20850e4805cf8f2 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn


class ExpandingNet(nn.Module):
    """Dynamically expanding network: one new branch and a wider linear head per task."""

    def __init__(self, device):
        super().__init__()
        self.device = device
        self.branches = nn.ModuleList()
        self.classifier = None
        self.n_outputs = 0

    def grow(self, new_branch, n_new):
        self.branches.append(new_branch.to(self.device))
        feat_dim = sum(b.out_dim for b in self.branches)
        head = nn.Linear(feat_dim, self.n_outputs + n_new).to(self.device)
        if self.classifier is not None:
            width = new_branch.out_dim
            head.weight.data[:self.n_outputs, :-width] = self.classifier.weight.data
            head.weight.data[:self.n_outputs, -width:] = 0.0
            head.bias.data[:self.n_outputs] = self.classifier.bias.data
        self.classifier = head
        self.n_outputs += n_new

    @torch.no_grad()
    def weight_align(self, n_new):
        # rescale the rows of the newest classes so their mean length matches the old rows
        fresh = self.classifier.weight.data[-n_new:].norm(dim=-1).mean()
        kept = self.classifier.weight.data[:-n_new].norm(dim=-1).mean()
        self.classifier.weight.data[-n_new:] *= kept / fresh
