# Synthetic rewrite of the shape of RanPAC/RanPAC:RanPAC.py at 012927f86e8d95dc9e7c6015a5e1048e6604c8b6 (licence MIT); not the original text.
import numpy as np
import torch
import torch.nn.functional as F


def one_hot(y, n):
    return F.one_hot(y, n).float()


class ClosedFormHead:
    """Continual learner that never trains its head by gradient: rows come from ridge regression
    on random-projected features, or are plain class-mean prototypes for a cosine head."""

    def __init__(self, net, n_total, proj_dim, random_proj=True):
        self.net = net
        self.n_total = n_total
        self.random_proj = random_proj
        self.R = torch.randn(net.feat_dim, proj_dim) if random_proj else None
        d = proj_dim if random_proj else net.feat_dim
        self.corr = torch.zeros(d, n_total)
        self.gram = torch.zeros(d, d)

    @torch.no_grad()
    def absorb_task(self, loader):
        feats, labels = [], []
        for x, y in loader:
            feats.append(self.net.backbone(x))
            labels.append(y)
        X, y = torch.cat(feats), torch.cat(labels)
        if self.random_proj:
            H = torch.relu(X @ self.R)
            Y = one_hot(y, self.n_total)
            self.corr += H.T @ Y
            self.gram += H.T @ H
            lam = self.pick_ridge(H, Y)
            W = torch.linalg.solve(self.gram + lam * torch.eye(self.gram.shape[0]), self.corr).T
            self.net.head.weight.data = W[: self.net.head.weight.shape[0]]
        else:
            for c in y.unique():
                # prototype rows; the head normalises features and rows at scoring time
                self.net.head.weight.data[c] = X[y == c].mean(0)

    def pick_ridge(self, H, Y):
        cut = int(0.8 * len(H))
        G = H[:cut].T @ H[:cut]
        C = H[:cut].T @ Y[:cut]
        errs = []
        grid = 10.0 ** np.arange(-8, 9)
        for lam in grid:
            W = torch.linalg.solve(G + lam * torch.eye(G.shape[0]), C).T
            errs.append(F.mse_loss(H[cut:] @ W.T, Y[cut:]).item())
        return float(grid[int(np.argmin(errs))])
