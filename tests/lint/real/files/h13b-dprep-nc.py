# cosaudit corpus, synthetic file: same shape as lhammach/DP-representations/src/neural_collapse.py at 34224f7396c07dbe696112000a71d7759578bb82 (licence NOASSERTION); new code, no text copied.
"""Collapse metrics (NC1-NC4) for a baseline vs a DP-SGD ResNet, on training features."""
import numpy as np
import torch
import torch.nn as nn


def penultimate(model, loader, device):
    feats, ys = [], []
    head = [m for m in model.modules() if isinstance(m, nn.Linear)][-1]
    h = head.register_forward_hook(lambda m, i, o: feats.append(i[0].detach().cpu()))
    with torch.no_grad():
        for x, y in loader:
            model(x.to(device))
            ys.append(y)
    h.remove()
    return torch.cat(feats).numpy(), torch.cat(ys).numpy(), head


def nc_metrics(h, y, W, n_classes=10):
    mu = np.stack([h[y == c].mean(0) for c in range(n_classes)])
    g = mu.mean(0)
    within = np.mean([((h[y == c] - mu[c]) ** 2).sum(1).mean() for c in range(n_classes)])
    centred = mu - g
    between = (centred ** 2).sum() / n_classes
    nc1 = within / (between + 1e-10)

    unit = centred / (np.linalg.norm(centred, axis=1, keepdims=True) + 1e-10)
    cos = unit @ unit.T
    ideal = np.full((n_classes, n_classes), -1.0 / (n_classes - 1))
    np.fill_diagonal(ideal, 1.0)
    nc2 = np.linalg.norm(cos - ideal)

    w_hat = W / (np.linalg.norm(W) + 1e-10)
    m_hat = centred / (np.linalg.norm(centred) + 1e-10)
    nc3 = float(np.linalg.norm(w_hat - m_hat))

    nc4 = float((np.argmax(h @ W.T, 1) != np.argmax(h @ centred.T, 1)).mean())
    off = cos[~np.eye(n_classes, dtype=bool)]
    return {"nc1": nc1, "nc2": nc2, "nc3": nc3, "nc4": nc4, "nc2_mean": off.mean(), "nc2_std": off.std()}
