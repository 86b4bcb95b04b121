# Synthetic rewrite of the shape of CZX-Yui/DFL-FS:main-stage2.py at 8c99bdd8da6647c52e50fbe913b31da3261e52a5 (licence NOASSERTION); not the original text.
import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


def pool_client_stats(labels, means, covs, counts, n_classes, dim):
    """Merge per-client class feature statistics into global class means / covariances."""
    g_mean = np.zeros((n_classes, dim))
    g_cov = np.zeros((n_classes, dim, dim))
    g_cnt = np.zeros(n_classes)
    for c in range(n_classes):
        idx = [k for k, y in enumerate(labels) if y == c]
        n = sum(counts[k] for k in idx)
        g_cnt[c] = n
        g_mean[c] = sum(counts[k] * means[k] for k in idx) / n
        second = sum((counts[k] - 1) * covs[k] + counts[k] * np.outer(means[k], means[k]) for k in idx)
        g_cov[c] = second / (n - 1) - (n / (n - 1)) * np.outer(g_mean[c], g_mean[c])
    print("class-mean L2 norms:", [float(np.linalg.norm(m)) for m in g_mean])
    return g_mean, g_cov


def rebalance_head(global_state, g_mean, g_cov, per_class=1000, epochs=100, device="cpu"):
    """Retrain the linear classifier on synthetic Gaussian features, then write it back."""
    feats, ys = [], []
    for c in range(len(g_mean)):
        feats.append(np.random.multivariate_normal(g_mean[c], g_cov[c], per_class))
        ys += [c] * per_class
    ds = TensorDataset(torch.tensor(np.concatenate(feats), dtype=torch.float32), torch.tensor(ys))
    head = nn.Linear(g_mean.shape[1], len(g_mean)).to(device)
    opt = torch.optim.SGD(head.parameters(), lr=0.01)
    ce = nn.CrossEntropyLoss()
    for _ in range(epochs):
        for x, y in DataLoader(ds, batch_size=32, shuffle=True):
            opt.zero_grad()
            ce(head(x.to(device)), y.to(device)).backward()
            opt.step()
    global_state["classifier.weight"].copy_(head.weight.data)
    global_state["classifier.bias"].copy_(head.bias.data)
    return global_state
