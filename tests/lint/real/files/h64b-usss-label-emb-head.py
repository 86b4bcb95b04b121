# Synthetic rewrite of the shape of tarun005/USSS_ICCV19:EntropyLoss.py at d6a99ad24df18f75f11ee264e18cc7890e88557e (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class CrossDatasetEntropy(nn.Module):
    """Per-dataset 1x1 heads built from unit-length label embeddings; entropy of both heads on unlabeled pixels."""

    def __init__(self, label_vecs, emb_dim, temperature=1.0):
        super().__init__()
        self.names = list(label_vecs.keys())
        self.temperature = temperature
        self.heads = nn.ModuleDict()
        for name in self.names:
            rows = F.normalize(label_vecs[name], p=2, dim=1)
            conv = nn.Conv2d(emb_dim, rows.size(0), kernel_size=1, bias=False)
            conv.weight.data.copy_(rows[:, :, None, None])
            conv.weight.requires_grad = False
            self.heads[name] = conv

    @staticmethod
    def _entropy(score_map, t=1.0):
        p = F.softmax(score_map / t, dim=1)
        logp = F.log_softmax(score_map / t, dim=1)
        return -(p * logp).sum(dim=1).mean().view(-1)

    def forward(self, pixel_feats, own, w_cross=1.0, w_own=1.0):
        other = [n for n in self.names if n != own][0]
        own_map = self.heads[own](pixel_feats)[:, :-1]      # drop the catch-all class
        cross_map = self.heads[other](pixel_feats)[:, :-1]
        return w_cross * self._entropy(cross_map, self.temperature) + w_own * self._entropy(own_map)
