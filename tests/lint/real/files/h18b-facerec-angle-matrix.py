# Synthetic rewrite of the shape of 18101224/FaceRecognition_MP:analysis/computation.py at 0c0948edd2a1d24504bff5e47a213b0d8859e1d2 (licence NOASSERTION); not the original text.
"""Analysis helpers for the (long-tailed) face-expression classifier."""
import math

import numpy as np
import torch
import torch.nn.functional as F


def confusion(pred, gold):
    k = int(max(pred.max(), gold.max())) + 1
    table = np.zeros((k, k), dtype=np.int64)
    np.add.at(table, (gold, pred), 1)
    return table


@torch.no_grad()
def collect_embeddings(backbone, loader, device="cuda"):
    feats, ys = [], []
    for x, y in loader:
        feats.append(F.normalize(backbone(x.to(device)), dim=1).cpu())
        ys.append(y)
    return torch.cat(feats).numpy(), torch.cat(ys).numpy()


def class_angle_table(model):
    """Pairwise angles (degrees) between the class vectors held by the margin head."""
    kern = model.get_kernel().detach().cpu()          # (feat_dim, n_classes)
    deg = torch.arccos(kern.T @ kern) * (180.0 / math.pi)
    return deg.numpy()


def per_class_accuracy(pred, gold):
    pred, gold = np.asarray(pred), np.asarray(gold)
    k = int(max(pred.max(), gold.max())) + 1
    out = np.full(k, np.nan)
    for c in range(k):
        sel = gold == c
        if sel.any():
            out[c] = float((pred[sel] == c).mean())
    return out


def unit_class_centres(feats, ys):
    cents = np.stack([feats[ys == c].mean(0) for c in range(ys.max() + 1)])
    return cents / np.linalg.norm(cents, axis=1, keepdims=True)
