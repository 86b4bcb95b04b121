# Synthetic rewrite of the shape of SongzeYang0721/Data_Distillation_and_Neural_Collpase:validate_NC.py at 0117e5c7769cd5abe251506af6ed354b112bfe83 (licence NOASSERTION); not the original text.
import numpy as np
import scipy.linalg as scilin
import torch


class PreHeadTap:
    """Forward pre-hook on the classifier: keeps the penultimate features of the last batch."""

    def __init__(self):
        self.last = None

    def __call__(self, module, inputs):
        self.last = inputs[0]


def simplex_gap(W):
    K = W.shape[0]
    WWT = torch.mm(W, W.T)  # class-by-class Gram of the head rows, no centring
    WWT = WWT / torch.norm(WWT, p="fro")
    ideal = (torch.eye(K, device=W.device) - torch.ones((K, K), device=W.device) / K) / (K - 1) ** 0.5
    return torch.norm(WWT - ideal, p="fro").item()


def head_params(model):
    W, b = None, None
    for name, prm in model.named_parameters():
        if "fc.weight" in name:
            W = prm
        if "fc.bias" in name:
            b = prm
    return W, b


def nc_epoch(model, tap, loader, n_cls, device):
    W, b = head_params(model)
    sums = [0.0] * n_cls
    counts = [0] * n_cls
    with torch.no_grad():
        for x, y in loader:
            model(x.to(device))
            feats = tap.last
            for k in range(n_cls):
                sums[k] = sums[k] + feats[y.to(device) == k].sum(0)
                counts[k] += int((y == k).sum())
    means = torch.stack([sums[k] / counts[k] for k in range(n_cls)])
    centred = means - means.mean(0, keepdim=True)
    sigma_b = (centred.T @ centred / n_cls).cpu().numpy()
    return {
        "ETF_metric": simplex_gap(W),
        "between_rank": int(np.linalg.matrix_rank(sigma_b)),
        "pinv_norm": float(np.linalg.norm(scilin.pinv(sigma_b))),
    }
