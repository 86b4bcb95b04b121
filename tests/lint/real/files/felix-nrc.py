# cosaudit corpus, synthetic file: same shape as felixsh/nc-toolbox/nc_toolbox/regression.py at a527f99f8da0420b4e94ebfbb2d3c2b032b25af3 (licence MIT); new code, no text copied.
import numpy as np
from numpy.typing import NDArray


def _rows_unit(X: NDArray) -> NDArray:
    return X / np.linalg.norm(X, axis=1, keepdims=True)


def nrc2_duality(H: NDArray, W: NDArray) -> float:
    """Features collapse onto the span of the rows of the regression head W."""
    Hn = _rows_unit(H)
    Q, _ = np.linalg.qr(W.T)
    resid = Hn - Hn @ Q @ Q.T
    return float(np.square(np.linalg.norm(resid, axis=1)).mean())


def nrc3_structure(W: NDArray, Y: NDArray, gamma: float) -> float:
    """Angles between the rows of a regression head W follow the covariance of the targets."""
    WW = W @ W.T
    WW /= np.linalg.norm(WW, ord="fro")
    Yc = Y - Y.mean(axis=0)
    Sigma = Yc.T @ Yc / Y.shape[0]
    evals, evecs = np.linalg.eigh(Sigma)
    root = evecs @ np.diag(np.sqrt(np.clip(evals, 0, None))) @ evecs.T
    target = root - np.sqrt(gamma) * np.eye(W.shape[0])
    target /= np.linalg.norm(target, ord="fro")
    return float(np.linalg.norm(WW - target, ord="fro") ** 2)
