# cosaudit corpus, synthetic file: same shape as GMvandeVen/class-incremental-learning/models/slda.py at c4e2bd8b805a0e49c8629a227067f49b0799de02 (licence MIT); new code, no text copied.
"""Streaming linear discriminant analysis on top of a frozen feature extractor."""
import torch
from sklearn.covariance import OAS


class StreamingLDA(torch.nn.Module):
    def __init__(self, num_features, num_classes, epsilon=1e-4, covariance="streaming", device="cpu"):
        super().__init__()
        self.epsilon, self.covariance, self.device = epsilon, covariance, device
        self.num_features = num_features
        self.means = torch.zeros(num_classes, num_features, device=device)
        self.counts = torch.zeros(num_classes, device=device)
        self.Sigma = torch.zeros(num_features, num_features, device=device)
        self.seen = 0
        self.stale = True

    def fit_base(self, X, y):
        for c in y.unique():
            self.means[c] = X[y == c].mean(0)
            self.counts[c] = (y == c).sum()
        est = OAS(assume_centered=True).fit((X - self.means[y]).cpu().numpy())
        self.Sigma = torch.from_numpy(est.covariance_).float().to(self.device)
        self.seen = X.shape[0]
        self.stale = True

    def _precision(self):
        eye = torch.eye(self.num_features, device=self.device)
        return torch.pinverse((1 - self.epsilon) * self.Sigma + self.epsilon * eye)

    def scores(self, x):
        if self.stale:
            M = self.means.T                               # (features, classes)
            self.W = torch.matmul(self._precision(), M)    # linear classifier implied by the Gaussians
            self.b = 0.5 * (M * self.W).sum(0)
            self.stale = False
        with torch.no_grad():
            return x.view(x.shape[0], -1) @ self.W - self.b
