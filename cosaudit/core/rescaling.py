"""The rescaling symmetry S as a construction on a pair of rows (design.md §1).

With a final norm ``h = γ⊙n(x) + β`` before the head, ``γ → γ⊙e, β → β⊙e, W → W·diag(e)⁻¹``
leaves every logit unchanged. Centering commutes with S, so unlike the translation T it moves
cosines even after centering: `rescale_pair` finds the per-dimension scale e that moves a pair's
centered cosine as close to a target as a bounded scale can. Pure numpy / scipy on float64.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from cosaudit.core.cosine import cosine
from cosaudit.core.symmetry import PairIssue, PairNotFlippableError, check_target
from cosaudit.errors import UsageError


@dataclass(frozen=True)
class Rescaling:
    """A per-dimension scale e > 0: γ → γ⊙e, β → β⊙e, W → W·diag(e)⁻¹."""

    scale: np.ndarray  # e, float64, shape (d,)
    target: float
    centered_cosine_before: float
    centered_cosine_after: float
    cosine_before: float
    cosine_after: float
    max_scale: float
    reached: bool  # |after − target| within tolerance
    iterations: int = 0
    notes: tuple[str, ...] = field(default_factory=tuple)


def _centered_cos(q: np.ndarray, a: np.ndarray, p: np.ndarray, s: np.ndarray) -> float:
    den = math.sqrt(float(np.dot(q, p)) * float(np.dot(q, s)))
    return float(np.dot(q, a)) / den if den > 0 else math.nan


def _rescale_rows(u_i: np.ndarray, u_j: np.ndarray, max_scale: float) -> tuple[np.ndarray, np.ndarray]:
    """The two centered rows as flat float64 vectors, refused when one is zero (its centered
    cosine is undefined) or when the scale bound is not a finite number > 1."""
    u_i = np.asarray(u_i, dtype=np.float64).reshape(-1)
    u_j = np.asarray(u_j, dtype=np.float64).reshape(-1)
    if not (np.any(u_i) and np.any(u_j)):
        raise PairNotFlippableError(
            PairIssue(
                "zero_row",
                "a centered row is zero (the label's row equals the mean row), so its centered "
                "cosine is undefined",
                "pick another label",
            )
        )
    if not (max_scale > 1.0 and math.isfinite(max_scale)):
        raise UsageError(f"max_scale must be a finite number > 1, got {max_scale}")
    return u_i, u_j


def _minimise_cosine_gap(
    A: np.ndarray, P: np.ndarray, S: np.ndarray, tau: float, bound: float
) -> tuple[np.ndarray, int]:
    """log q in [-bound, bound]^d minimising (cos − tau)² by L-BFGS-B from q = 1, and the
    iteration count; cos = Σq·A / sqrt(Σq·P · Σq·S)."""
    from scipy.optimize import minimize

    def fun(z: np.ndarray) -> tuple[float, np.ndarray]:
        q = np.exp(z)
        na, np_, ns = float(q @ A), float(q @ P), float(q @ S)
        den = math.sqrt(np_ * ns)
        cos = na / den
        # d cos / d q_k = A_k/den − cos/2 (P_k/np + S_k/ns)
        g = A / den - 0.5 * cos * (P / np_ + S / ns)
        diff = cos - tau
        return diff * diff, 2.0 * diff * g * q

    res = minimize(
        fun,
        np.zeros_like(A),
        jac=True,
        method="L-BFGS-B",
        bounds=[(-bound, bound)] * A.shape[0],
        options={"maxiter": 500, "ftol": 1e-15, "gtol": 1e-12},
    )
    return np.clip(res.x, -bound, bound), int(res.nit)


def _raw_cosines(w_i: np.ndarray | None, w_j: np.ndarray | None, e: np.ndarray) -> tuple[float, float]:
    """cos(w_i, w_j) before and after the scale (NaN when the raw rows are not given)."""
    if w_i is None or w_j is None:
        return math.nan, math.nan
    after = cosine(np.asarray(w_i, dtype=np.float64) / e, np.asarray(w_j, dtype=np.float64) / e)
    return cosine(w_i, w_j), after


def rescale_pair(
    u_i: np.ndarray,
    u_j: np.ndarray,
    target: float,
    *,
    w_i: np.ndarray | None = None,
    w_j: np.ndarray | None = None,
    max_scale: float = 100.0,
    tol: float = 1e-6,
) -> Rescaling:
    """The scale e ∈ [1/max_scale, max_scale]^d moving cos(u_i/e, u_j/e) as close to target
    as it can.

    ``u_i``, ``u_j`` are the centered rows (the head's rows minus the mean row); centering commutes
    with S, so the centered cosine after S is the cosine of ``u/e``. With q = e⁻², that cosine is
    ``Σq·a / sqrt(Σq·p · Σq·s)`` (a = u_i⊙u_j, p = u_i², s = u_j²), minimised over log q in a box by
    L-BFGS-B from e = 1. Reaching ±1 needs a dimension where the two rows agree (disagree) in sign
    and the others scaled away, so with a finite bound the extremes are approached, not reached:
    `reached` says whether the target was met within `tol`.
    """
    tau = check_target(target)
    u_i, u_j = _rescale_rows(u_i, u_j, max_scale)
    # normalise for conditioning; the cosine is invariant to scaling each vector
    a = u_i / np.linalg.norm(u_i)
    b = u_j / np.linalg.norm(u_j)
    A, P, S = a * b, a * a, b * b
    before = _centered_cos(np.ones_like(A), A, P, S)
    z, iterations = np.zeros_like(A), 0
    if abs(before - tau) > tol:  # already there: e = 1, no optimiser run
        z, iterations = _minimise_cosine_gap(A, P, S, tau, 2.0 * math.log(max_scale))  # |log q| = 2|log e|
    e = np.exp(-z / 2.0)
    after = _centered_cos(np.exp(z), A, P, S)
    reached = abs(after - tau) <= tol
    notes: tuple[str, ...] = ()
    if not reached:
        notes = (
            f"the scale is bounded to [1/{max_scale:g}, {max_scale:g}] per dimension; "
            f"the centered cosine reached {after:.6f}, not {tau:g}",
        )
    cos_b, cos_a = _raw_cosines(w_i, w_j, e)
    return Rescaling(
        scale=e,
        target=tau,
        centered_cosine_before=before,
        centered_cosine_after=after,
        cosine_before=cos_b,
        cosine_after=cos_a,
        max_scale=float(max_scale),
        reached=reached,
        iterations=iterations,
        notes=notes,
    )
