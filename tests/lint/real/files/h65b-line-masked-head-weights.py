# Synthetic rewrite of the shape of YongHyun-Ahn/LINe-Out-of-Distribution-Detection-by-Leveraging-Important-Neurons:models/route.py at 465ddf584d62c8e8bbf18c014aa48f1d3c1e7532 (licence MIT); not the original text.
import numpy as np
import torch
import torch.nn as nn


class ImportanceMaskedHead(nn.Linear):
    """A drop-in classifier head that keeps, per predicted class, only the
    weights and units judged important by precomputed contribution scores."""

    def __init__(self, d_in, n_out, bias=True, keep_w=10, keep_a=10, contrib=None):
        super().__init__(d_in, n_out, bias)
        self.keep_w = keep_w
        self.keep_a = keep_a
        self.contrib = contrib  # (d_in, n_out) importance of each unit per class
        self.per_class_w = None
        self.unit_mask = None

    def _build_masks(self):
        imp = self.contrib.T
        w = self.weight.data.cpu().numpy()
        self.unit_mask = torch.zeros(self.out_features, self.in_features)
        self.per_class_w = torch.zeros(self.out_features, self.out_features, self.in_features)
        for c in range(self.out_features):
            score = np.abs(imp[c]) * w
            cut = np.percentile(score, self.keep_w)
            self.per_class_w[c] = self.weight.data.cpu() * torch.tensor(score > cut, dtype=torch.float32)
            unit_cut = np.percentile(imp[c], self.keep_a)
            self.unit_mask[c] = torch.tensor(imp[c] > unit_cut, dtype=torch.float32)

    def forward(self, h):
        if self.per_class_w is None:
            self._build_masks()
        first = h @ self.weight.T
        if self.bias is not None:
            first = first + self.bias
        guess = first.softmax(dim=1).argmax(dim=1)

        kept = h * self.unit_mask[guess].to(h.device)
        masked_w = self.per_class_w[guess].to(h.device)          # (B, C, D)
        out = (kept[:, None, :] * masked_w).sum(-1)
        if self.bias is not None:
            out = out + self.bias
        return out
