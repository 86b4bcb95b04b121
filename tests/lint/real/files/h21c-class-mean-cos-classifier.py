# Synthetic rewrite of the shape of juravrik/ML_Study:MultiClass.py at 4b76db6fb0b49718fd647e113d23a4e89564d360 (licence NOASSERTION); not the original text.
import numpy as np


class CentroidCosine:
    """Nearest-centroid classifier scored by squared cosine."""

    def fit(self, X, y):
        self.centres = {c: X[y == c].mean(axis=0) for c in np.unique(y)}
        return self

    def predict(self, X):
        out = []
        for x in X:
            def score(m):
                return (float(m @ x) / (np.linalg.norm(x) * np.linalg.norm(m))) ** 2

            best = max(self.centres, key=lambda c: score(self.centres[c]))
            out.append(best)
        return np.array(out)


class CentroidMahalanobis:
    def fit(self, X, y):
        self.centres = {c: X[y == c].mean(axis=0) for c in np.unique(y)}
        return self

    def predict(self, X):
        prec = np.linalg.inv(np.cov(X.T))
        out = []
        for x in X:
            dist = {c: float(np.sqrt((x - m) @ prec @ (x - m))) for c, m in self.centres.items()}
            out.append(min(dist, key=dist.get))
        return np.array(out)
