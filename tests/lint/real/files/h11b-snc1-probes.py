# cosaudit corpus, synthetic file: same shape as kvignesh1420/shallow_nc1/shallow_collapse/probes.py at 1037b9978cb45b0e9cf13930d9f44327e058725f (licence NOASSERTION); new code, no text copied.
"""Probes of a shallow MLP during training: hidden-weight covariance, NC1, and NNGP kernels."""
from collections import OrderedDict

import torch


class WeightProbe:
    """Second moment of every hidden layer's weights."""

    @torch.no_grad()
    def capture(self, model):
        out = OrderedDict()
        for i, lin in enumerate(model.hidden_layers):
            W = lin.weight.data.clone()
            C = W.t() @ W
            out[i] = {"cov": C}
        return out


class NCProbe:
    """Within- and between-class scatter of the features of each layer."""

    def __init__(self, num_classes):
        self.K = num_classes
        self.scatter = {}

    def capture(self, feats_by_layer, labels):
        for i, H in feats_by_layer.items():
            mu_g = H.mean(0)
            means = torch.stack([H[labels == c].mean(0) for c in range(self.K)])
            S_B = ((means - mu_g).T @ (means - mu_g)) / self.K
            D = H - means[labels]
            S_W = D.T @ D / H.shape[0]
            self.scatter[i] = (S_W, S_B)

    def nc1(self):
        res = {}
        for i, (S_W, S_B) in self.scatter.items():
            res[i] = {
                "tr_SW_pinv_SB": (torch.trace(S_W @ torch.linalg.pinv(S_B)) / self.K).item(),
                "tr_SW_over_SB": (torch.trace(S_W) / torch.trace(S_B)).item(),
            }
        return res


class KernelProbe:
    """Limiting NNGP kernel of a ReLU layer from the kernel of its inputs."""

    @staticmethod
    def relu_nngp(K):
        d = torch.sqrt(torch.diag(K))
        ratio = torch.clip(K / torch.outer(d, d), -1.0, 1.0)
        theta = torch.arccos(ratio)
        theta = (theta + theta.t()) / 2
        J = (torch.sin(theta) + (torch.pi - theta) * torch.cos(theta)) / (2 * torch.pi)
        return torch.outer(d, d) * J
