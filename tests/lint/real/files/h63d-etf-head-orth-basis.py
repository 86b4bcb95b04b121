# Synthetic rewrite of the shape of AllenPu/DIL:models/ETFHead.py at 3c603359916995856b5fdccb445e5cbf62431092 (licence NOASSERTION); not the original text.
import numpy as np
import torch


def random_orthonormal_basis(dim, n_classes):
    """QR of a random matrix gives dim x n_classes columns that are orthonormal."""
    raw = np.random.random(size=(dim, n_classes))
    q, _ = np.linalg.qr(raw)
    basis = torch.tensor(q).float()
    gram = basis.T @ basis
    residual = (gram - torch.eye(n_classes)).abs().max()
    assert torch.allclose(gram, torch.eye(n_classes), atol=1e-7), f"largest deviation: {residual}"
    return basis


class FixedSimplexHead:
    """A classifier whose class vectors are fixed to a simplex ETF built from the basis."""

    def __init__(self, n_classes: int, dim: int) -> None:
        basis = random_orthonormal_basis(dim, n_classes)
        centre = torch.eye(n_classes) - torch.ones(n_classes, n_classes) / n_classes
        self.vectors = (basis @ centre) * np.sqrt(n_classes / (n_classes - 1))
