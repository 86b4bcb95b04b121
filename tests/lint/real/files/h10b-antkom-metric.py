# cosaudit corpus, synthetic file: same shape as ant-kom/Neural_collapse/src/neural_collapse/metric.py at dadf0f7decc8543296d0367a60cada0d58b4f3ba (licence NOASSERTION); new code, no text copied.
"""Collapse metric from class means and the total covariance of one layer's features."""
import torch


class RunningStats:
    def __init__(self, dim, num_classes, device="cpu"):
        self.Z = torch.zeros(dim, num_classes, device=device)
        self.S = torch.zeros(dim, dim, device=device)
        self.n = torch.zeros(num_classes, device=device)

    def update(self, x, y):
        x = x.flatten(1)
        for k in range(self.Z.shape[1]):
            sel = y == k
            self.Z[:, k] += x[sel].sum(0)
            self.n[k] += sel.sum()
        self.S += x.T @ x

    def finish(self):
        N = self.n.sum()
        self.Z /= self.n
        mean = (self.Z * self.n).sum(1, keepdim=True) / N
        cov = (self.S - N * mean @ mean.T) / (N - 1)
        return self.Z, cov


def projector(Z):
    d, K = Z.shape
    gram = Z.T @ Z
    M = torch.linalg.solve(gram, Z.T)
    A = torch.eye(d) - Z @ M
    A[:K] += M
    return A


def collapse_score(Z, cov):
    A = projector(Z)
    S = A @ cov @ A.T
    K = Z.shape[1]
    return (torch.trace(S[K:, K:]) / torch.trace(S)).item()
