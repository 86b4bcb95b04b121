"""Where hidden states are searched: all of R^d, a box, or an affine subspace (a final norm's
output span, the span of observed hidden states)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

import numpy as np

from cosaudit.errors import DataError


@dataclass(frozen=True)
class SearchSpace:
    """Where h is searched: all of R^d, a box |h_j| ≤ radius, or an affine subspace h0 + B z."""

    kind: Literal["all", "box", "affine"] = "all"
    radius: float | None = None
    basis: np.ndarray | None = None  # d × r
    offset: np.ndarray | None = None  # d
    name: str | None = None

    def describe(self, d: int) -> str:
        if self.kind == "all":
            return f"all of R^{d}" if self.name is None else f"{self.name}, which is all of R^{d}"
        if self.kind == "box":
            return f"the box |h_j| <= {self.radius:g} in R^{d}"
        r = 0 if self.basis is None else self.basis.shape[1]
        what = self.name or "an affine subspace"
        return f"{what} of dimension {r} in R^{d}"


ALL = SearchSpace()


def _axis_columns(basis: np.ndarray) -> np.ndarray | None:
    """The coordinates a basis of unit coordinate axes picks, or None for any other basis."""
    if np.count_nonzero(basis) != basis.shape[1]:
        return None
    rows = np.argmax(basis != 0, axis=0)
    if not np.all(basis[rows, np.arange(basis.shape[1])] == 1.0):
        return None
    return np.asarray(rows, dtype=np.intp)


def box_space(radius: float) -> SearchSpace:
    """Hidden states with every coordinate in [-radius, radius]."""
    if not (radius > 0 and math.isfinite(radius)):
        raise DataError(f"box radius must be a positive number, got {radius}")
    return SearchSpace(kind="box", radius=float(radius))


def layernorm_space(gain: np.ndarray, shift: np.ndarray | None = None) -> SearchSpace:
    """The affine span of LayerNorm outputs h = gain ⊙ n + shift with n mean-free.

    (It ignores the fixed norm |n| = sqrt(d): the span is what linear logits can see up to a
    positive scale, which does not change any order when there is no bias after the norm.)
    """
    g = np.asarray(gain, dtype=np.float64).ravel()
    d = g.size
    # orthonormal basis of the mean-free vectors: the last d-1 columns of a Householder-like QR
    ones = np.ones((d, 1)) / math.sqrt(d)
    q, _ = np.linalg.qr(np.hstack([ones, np.eye(d)[:, : d - 1]]))
    basis = g[:, None] * q[:, 1:]
    off = np.zeros(d) if shift is None else np.asarray(shift, dtype=np.float64).ravel()
    return SearchSpace(kind="affine", basis=basis, offset=off, name="the LayerNorm output span")


def rmsnorm_space(gain: np.ndarray) -> SearchSpace:
    """The linear span of RMSNorm outputs h = gain ⊙ n: coordinates with a zero gain stay 0.

    With every gain non-zero that span is all of R^d (said so in its description); otherwise it
    is spanned by the coordinate axes with a non-zero gain (the gain's size does not change a
    span). Like `layernorm_space` it ignores the fixed norm of n.
    """
    g = np.asarray(gain, dtype=np.float64).ravel()
    keep = np.flatnonzero(g != 0)
    name = "the RMSNorm output span"
    if keep.size == 0:
        raise DataError("the final norm's gain is zero everywhere: its outputs are all 0")
    if keep.size == g.size:
        return SearchSpace(name=name)
    basis = np.zeros((g.size, keep.size))
    basis[keep, np.arange(keep.size)] = 1.0
    return SearchSpace(kind="affine", basis=basis, offset=np.zeros(g.size), name=name)


def hidden_states_space(H: np.ndarray, *, what: str = "hidden states", rel_tol: float = 1e-9) -> SearchSpace:
    """The affine span of observed hidden states (the rows of `H`, n × d).

    Offset: their mean; basis: the right singular vectors of the centered states whose singular
    value exceeds `rel_tol` × the largest (so numerically repeated directions count once).
    """
    X = np.asarray(H, dtype=np.float64)
    if X.ndim != 2 or X.shape[0] < 2 or X.shape[1] < 1:
        raise DataError(
            f"{what}: need an n x d matrix with n >= 2 hidden states, got shape {X.shape}",
            hint="save the hidden states as one 2-D array, one state per row",
        )
    if not np.isfinite(X).all():
        raise DataError(f"{what}: NaN/Inf entries", hint="give finite hidden states")
    mu = X.mean(axis=0)
    _, sv, vt = np.linalg.svd(X - mu, full_matrices=False)
    rank = int(np.count_nonzero(sv > rel_tol * sv[0])) if sv.size and sv[0] > 0 else 0
    if rank == 0:
        raise DataError(
            f"{what}: all {X.shape[0]} hidden states are the same point, which spans nothing",
            hint="give hidden states that differ",
        )
    return SearchSpace(
        kind="affine",
        basis=np.ascontiguousarray(vt[:rank].T),
        offset=mu,
        name=f"the affine span of {X.shape[0]} {what}",
    )
