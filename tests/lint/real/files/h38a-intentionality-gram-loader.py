# Synthetic rewrite of the shape of entropicbloom/intentionality:gram_matrix_decoder/data_loader.py at 0599245d38f0bba857b7b3c1de0da12c30909b46 (licence NOASSERTION); not the original text.
"""Helpers that turn a trained MNIST MLP checkpoint into its readout-unit geometry."""

import numpy as np
import torch
from settings import CKPT_ROOT, CKPT_NAME


def readout_rows(run: int) -> np.ndarray:
    """Weights feeding the softmax readout, one unit-length row per digit class."""
    state = torch.load(CKPT_ROOT / CKPT_NAME.format(run=run), map_location="cpu")
    rows = state["net.4.weight"].detach().cpu().numpy()   # [n_classes, hidden]
    rows = rows / (np.linalg.norm(rows, axis=1, keepdims=True) + 1e-12)
    return rows


def class_geometry(rows: np.ndarray) -> np.ndarray:
    """n_classes x n_classes matrix of pairwise cosine similarities between digit units."""
    return rows @ rows.T    # cosine similarities between readout rows


def geometry_gap(P: np.ndarray, Q: np.ndarray) -> float:
    """Frobenius distance between two class-geometry matrices."""
    return float(np.linalg.norm(P - Q, ord="fro"))
