"""A head prepared for many checks (float64 rows, norms, whitening), and whether it constrains
anything at all."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from cosaudit.core.geometry.results import ROUNDING, UNIT_ROUNDOFF, HeadType
from cosaudit.core.geometry.space import ALL, SearchSpace, _axis_columns, box_space
from cosaudit.errors import DataError

ROW_BLOCK = 4096  # rows per block in vocabulary-wide passes (a few MiB of temporaries)
_NUMPY_STORAGE = {"float64": "F64", "float32": "F32", "float16": "F16", "bfloat16": "BF16"}


class HeadGeometry:
    """A head prepared for many checks: float64 rows, norms, whitening (computed once)."""

    def __init__(
        self,
        W: np.ndarray,
        b: np.ndarray | None = None,
        *,
        head_type: HeadType = "softmax",
        space: SearchSpace = ALL,
        storage: str | None = None,
    ) -> None:
        W = np.asarray(W)
        if W.ndim != 2 or W.shape[0] < 1 or W.shape[1] < 1:
            raise DataError(f"the head must be a non-empty V x d matrix, got shape {W.shape}")
        if head_type not in ("softmax", "sigmoid"):
            raise DataError(f"unknown head type {head_type!r}")
        if not np.isfinite(W).all():
            bad = np.flatnonzero(~np.isfinite(W).all(axis=1))
            raise DataError(
                f"the head has NaN/Inf in {bad.size} rows (first: {bad[:5].tolist()})",
                hint="audit a checkpoint with finite weights",
            )
        self.head_type: HeadType = head_type
        self.space = space
        # the dtype the head was stored in (safetensors name), for "only a tie in practice"
        self.storage = storage or _NUMPY_STORAGE.get(W.dtype.name, "F64")
        self.unit_roundoff = UNIT_ROUNDOFF.get(self.storage, 2.0**-24)
        self.d_orig = W.shape[1]
        W64 = np.ascontiguousarray(W, dtype=np.float64)
        bias = None
        if b is not None:
            bias = np.asarray(b, dtype=np.float64).ravel()
            if bias.size != W.shape[0]:
                raise DataError(f"bias has {bias.size} entries for {W.shape[0]} rows")
            if not np.isfinite(bias).all():
                raise DataError("the bias has NaN/Inf entries")
        if space.kind == "affine":
            if space.basis is None or space.basis.shape[0] != self.d_orig:
                raise DataError("affine search space: basis must be d x r")
            off = np.zeros(self.d_orig) if space.offset is None else space.offset
            shift = W64 @ off
            bias = shift if bias is None else bias + shift
            axes = _axis_columns(space.basis)
            # coordinate axes (e.g. an RMSNorm with zero gains): pick columns, no V × d × r product
            W64 = np.ascontiguousarray(W64[:, axes] if axes is not None else W64 @ space.basis)
            if not np.any(shift):
                bias = None if b is None else bias
        self.W = W64
        self.b = bias
        self.V, self.d = W64.shape
        self.sq = np.einsum("ij,ij->i", W64, W64)
        self.mu = W64.mean(axis=0)
        cent = self.sq - 2.0 * (W64 @ self.mu) + float(self.mu @ self.mu)
        self.scale = (
            float(math.sqrt(max(cent.max(), 0.0))) if head_type == "softmax" else float(math.sqrt(self.sq.max()))
        )
        self.bscale = 0.0 if self.b is None else float(np.abs(self.b - self.b.mean()).max())
        if head_type == "sigmoid" and self.b is not None:
            self.bscale = float(np.abs(self.b).max())
        self._white: np.ndarray | None = None
        self._w32: np.ndarray | None = None

    # -- helpers ---------------------------------------------------------------------------
    def describe_space(self) -> str:
        return self.space.describe(self.d_orig)

    def to_original(self, h: np.ndarray) -> np.ndarray:
        if self.space.kind == "affine":
            assert self.space.basis is not None
            off = np.zeros(self.d_orig) if self.space.offset is None else self.space.offset
            _ret: np.ndarray = off + self.space.basis @ h
            return _ret
        return h

    def logits(self, h: np.ndarray, s: float = 1.0) -> np.ndarray:
        z = self.W @ h
        if self.b is not None and s != 0.0:
            z = z + s * self.b
        _ret: np.ndarray = z
        return _ret

    def whitener(self) -> np.ndarray:
        """P = Σ⁺ (pseudo-inverse of the rows' covariance; uncentered second moment for sigmoid)."""
        if self._white is None:
            cov = np.zeros((self.d, self.d))
            for a in range(0, self.V, ROW_BLOCK):  # blockwise: no V × d temporary
                X = self.centered(a, a + ROW_BLOCK)
                cov += X.T @ X
            cov /= max(self.V, 1)
            evals, evecs = np.linalg.eigh(cov)
            top = evals.max() if evals.size else 0.0
            keep = evals > max(top, 1e-300) * 1e-10
            inv = np.zeros_like(evals)
            inv[keep] = 1.0 / evals[keep]
            self._white = (evecs * inv) @ evecs.T
        return self._white

    def centered(self, a: int, b: int) -> np.ndarray:
        """Rows [a, b) minus the mean row (softmax; sigmoid rows as they are), float64."""
        _ret: np.ndarray = self.W[a:b] - self.mu if self.head_type == "softmax" else self.W[a:b]
        return _ret

    def w32(self) -> np.ndarray:
        if self._w32 is None:
            self._w32 = self.W.astype(np.float32)
        return self._w32

    @property
    def gamma(self) -> float:
        """Relative error bound of a float64 dot product over d terms, with a generous factor."""
        return float(ROUNDING * (self.d + 2) * float(np.finfo(np.float64).eps))

    def check_tol(self, h: np.ndarray, s: float = 1.0) -> float:
        """Rounding tolerance for recomputed logit differences at h (float64), uncentered."""
        mag = math.sqrt(float(self.sq.max())) * float(np.linalg.norm(h))
        if self.b is not None:
            mag += abs(s) * float(np.abs(self.b).max())
        return self.gamma * max(mag, float(np.finfo(np.float64).tiny))

    def duplicates_of(self, i: int) -> np.ndarray:
        """Rows exactly equal to row i (bit for bit in float64), excluding i: translation-invariant."""
        cand = np.flatnonzero(self.sq == self.sq[i])
        cand = cand[cand != i]
        if cand.size == 0:
            return np.asarray(cand)
        same = np.all(self.W[cand] == self.W[i], axis=1)
        _ret: np.ndarray = cand[same]
        return _ret


def as_geometry(
    W: np.ndarray | HeadGeometry,
    b: np.ndarray | None = None,
    head_type: HeadType = "softmax",
    space: SearchSpace | None = None,
    box: float | None = None,
) -> HeadGeometry:
    if isinstance(W, HeadGeometry):
        return W
    if box is not None:
        if space is not None and space.kind != "all":
            raise DataError("give either box= or space=, not both")
        space = box_space(box)
    return HeadGeometry(W, b, head_type=head_type, space=space or ALL)


def _check_index(g: HeadGeometry, i: int, what: str = "label") -> int:
    i = int(i)
    if not 0 <= i < g.V:
        raise DataError(f"{what} id {i} is out of range for a head with {g.V} rows")
    return i


def head_summary(W: np.ndarray, b: np.ndarray | None = None) -> dict[str, Any]:
    """Whether the head constrains anything: V ≤ d + 1 with affinely independent rows (bias
    included) means every label is argmaxable, every pair tie-able and every ranking possible."""
    W64 = np.asarray(W, dtype=np.float64)
    V, d = W64.shape
    A = W64 - W64[0]
    if b is not None:
        A = np.hstack([A, (np.asarray(b, dtype=np.float64) - float(b[0]))[:, None]])
    scale = max(float(np.abs(A).max(initial=0.0)), 1e-300)
    rank = int(np.linalg.matrix_rank(A[1:], tol=scale * 1e-10 * max(A.shape))) if V > 1 else 0
    if b is not None:
        # the bias column counts only through combinations of h: rank of the affine lift
        rank_w = int(np.linalg.matrix_rank(A[1:, :d], tol=scale * 1e-10 * max(A.shape))) if V > 1 else 0
    else:
        rank_w = rank
    unconstrained = V - 1 == rank_w
    return {
        "rows": V,
        "dim": d,
        "affine_rank": rank_w,
        "unconstrained": bool(unconstrained),
        "statement": (
            "the rows are affinely independent: every label is argmaxable, every pair tie-able "
            "and every ranking possible — the head constrains nothing"
            if unconstrained
            else f"the rows span an affine space of dimension {rank_w} < {V - 1}: some rankings are impossible"
        ),
    }
