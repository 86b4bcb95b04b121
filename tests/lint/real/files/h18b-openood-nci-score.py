# Synthetic rewrite of the shape of Jingkang50/OpenOOD:openood/postprocessors/nci_postprocessor.py at 13d8964be1bf7723645454e802cb2e0edc121318 (licence NOASSERTION); not the original text.
"""Neural-collapse-inspired OOD score: align the centred feature with the predicted class row."""
import numpy as np
import torch
import torch.nn as nn


class CollapseAlignScorer:
    def __init__(self, l1_weight=1e-3):
        self.l1_weight = l1_weight
        self.centre = None
        self.w = None

    @torch.no_grad()
    def fit(self, net: nn.Module, train_loader):
        net.eval()
        feats = []
        for batch in train_loader:
            _, f = net(batch["data"].cuda().float(), return_feature=True)
            feats.append(f.cpu().numpy())
        self.centre = torch.from_numpy(np.concatenate(feats).mean(0)).cuda()
        # first parameter of the linear head is its weight matrix
        self.w = next(iter(net.fc.parameters())).data

    @torch.no_grad()
    def score(self, net: nn.Module, x):
        logits, f = net(x, return_feature=True)
        nn_idx = logits.argmax(1)
        shifted = f - self.centre
        align = (self.w[nn_idx] * shifted).sum(1) / shifted.norm(dim=1)
        return nn_idx, align + self.l1_weight * f.abs().sum(1)
