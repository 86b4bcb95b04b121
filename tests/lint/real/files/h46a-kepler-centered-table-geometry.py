# Synthetic rewrite of the shape of jeffditullio/kepler-mech-interp:src/kernels/geometry.py at 46c410c90af1f982a5f1f9f5f03456b9cf416e4b (licence NOASSERTION); not the original text.
"""Numbers-only helpers: is a digit token table laid out as a line, a circle, or neither?"""
import numpy as np


def centred_pcs(X: np.ndarray):
    """PCA of a (n_tokens, d) table after removing the mean row."""
    Xc = X - X.mean(axis=0)
    U, s, _ = np.linalg.svd(Xc, full_matrices=False)
    return U * s, (s**2) / (s**2).sum()


def fourier_norms(table: np.ndarray) -> np.ndarray:
    Xc = table - table.mean(axis=0)
    return np.linalg.norm(np.fft.rfft(Xc, axis=0), axis=1)[1:]


def explained_by(Xc: np.ndarray, regressors: np.ndarray) -> float:
    D = regressors - regressors.mean(0)
    P = D @ np.linalg.pinv(D)
    return float(((P @ Xc) ** 2).sum() / (Xc**2).sum())


def line_score(table: np.ndarray, values: np.ndarray) -> float:
    """Share of centred variance explained by one axis ordered by value."""
    return explained_by(table - table.mean(0), values[:, None])


def openness(table: np.ndarray) -> float:
    """End-to-end distance over the mean step: large for a line, about 1 for a closed loop."""
    steps = np.linalg.norm(np.diff(table, axis=0), axis=1).mean()
    return float(np.linalg.norm(table[0] - table[-1]) / steps)


def circle_gain(rows: np.ndarray, freq: float) -> float:
    v = np.arange(rows.shape[0], dtype=float)
    Yc = rows - rows.mean(0)
    helix = np.stack([v, np.cos(2 * np.pi * freq * v), np.sin(2 * np.pi * freq * v)], axis=1)
    return explained_by(Yc, helix) - explained_by(Yc, v[:, None])
