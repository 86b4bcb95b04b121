# cosaudit corpus, synthetic file: same shape as KaihuaTang/Long-Tailed-Recognition.pytorch/classification/models/CausalNormClassifier.py at 5c916d0d0fd5e1fa984621b86f15cda2bc69df17 (licence GPL-3.0); new code, no text copied.
import torch
import torch.nn as nn


class DampedNormHead(nn.Module):
    def __init__(self, dim, n_classes, tau=16.0, gamma=1 / 32.0, alpha=3.0):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(n_classes, dim) * 0.01)
        self.tau, self.gamma, self.alpha = tau, gamma, alpha

    @staticmethod
    def damp(v, gamma):
        n = v.norm(dim=1, keepdim=True)
        return v / (n + gamma)

    def forward(self, x, bias_dir=None):
        nx = x / x.norm(dim=1, keepdim=True)
        nw = self.damp(self.weight, self.gamma)
        y = torch.mm(nx * self.tau, nw.t())
        if bias_dir is not None and not self.training:
            d = bias_dir / bias_dir.norm()
            c = (x @ d).unsqueeze(1) / x.norm(dim=1, keepdim=True)
            y = torch.mm((nx - c * self.alpha * d) * self.tau, nw.t())
        return y
