# cosaudit corpus, synthetic file: same shape as felixsh/nc-toolbox/nc_toolbox/metrics.py at a527f99f8da0420b4e94ebfbb2d3c2b032b25af3 (licence MIT); new code, no text copied.
import numpy as np
from numpy.typing import NDArray


def _upper(A: NDArray, k: int = 1) -> NDArray:
    return A[np.triu_indices_from(A, k=k)]


def nc2_equiangularity(mu_c: NDArray, mu_g: NDArray) -> float:
    """Spread of the cosines between centred class means around -1/(C-1)."""
    C = mu_c.shape[0]
    centred = mu_c - mu_g
    unit = centred / np.linalg.norm(centred, axis=1, keepdims=True)
    cos = _upper(unit @ unit.T)
    return float(np.abs(cos + 1 / (C - 1)).mean())


def nc3_self_duality(W: NDArray, mu_c: NDArray, mu_g: NDArray) -> float:
    """Distance between the normalised classifier and the normalised centred class means."""
    centred = mu_c - mu_g
    return float(np.linalg.norm(W / np.linalg.norm(W) - centred / np.linalg.norm(centred)) ** 2)


def nc4_agreement(H: NDArray, W: NDArray, b: NDArray, mu_c: NDArray) -> float:
    linear = np.argmax(H @ W.T + b, axis=1)
    nearest = np.argmin(np.linalg.norm(H[:, None, :] - mu_c[None], axis=2), axis=1)
    return float((linear == nearest).mean())
