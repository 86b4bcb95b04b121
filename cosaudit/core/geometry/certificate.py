"""Turning an LP's dual weights into a "no" that is re-checked, or else a witness or "undecided".

A certificate for "no" is a set of non-negative weights y (summing to 1) on constrained labels
with Σ y_k a_k = e ≈ 0 (a_k = w_k − w_ref for softmax, −σ_k w_k for sigmoid; tie planes may
absorb a multiple of their normals) and Σ y_k a_s,k = β ≥ 0 (the bias part). For every h the
y-weighted margin is then −e·h − β, so no h can beat every constrained label by more than
|e|·|h| − β. The weights from the LP are only as good as its tolerances (1e-7); here they are
refined on their support (a least-squares correction that keeps them non-negative), and the
residual is recomputed in float64 from the rows themselves. The answer is "no" only when

    |e| ≤ ½ γ · min_k |a_k|     and     −β ≤ ½ γ · Σ y_k |a_s,k|,      γ = 64 (d + 2) eps64,

that is, below half the rounding bound a witness must clear (`_Problem.verify`): a "no" and a
re-checked witness can never both hold. Otherwise the residual direction −e is tried as a
witness (it is the direction in which the label sticks out of the mixture), and failing that
the answer is "undecided" with the best margin found and the residual as the tolerance.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from cosaudit.core.geometry.results import Certificate, Verdict
from cosaudit.core.geometry.witness import _Problem


@dataclass
class Outcome:
    """What one LP-backed decision found."""

    verdict: Verdict
    witness: np.ndarray | None = None
    certificate: Certificate | None = None
    best_margin: float | None = None  # relative, over the candidates tried (undecided)
    tolerance: float | None = None  # relative residual of the best certificate (undecided)
    rounds: int = 0
    constraints: int = 0


def _support(K: np.ndarray, weights: np.ndarray | None) -> tuple[np.ndarray, np.ndarray] | None:
    if weights is None:
        return None
    y = np.maximum(np.asarray(weights, dtype=np.float64), 0.0)
    if not np.isfinite(y).all() or float(y.sum()) <= 0:
        return None
    keep = y > 1e-12 * float(y.max())
    y = y[keep]
    return K[keep], y / float(y.sum())


def _residual(p: _Problem, A: np.ndarray, a_s: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, float, np.ndarray]:
    """(e with the tie normals projected out, β with their bias part, tie multipliers μ)."""
    e = y @ A
    beta = float(y @ a_s)
    mu = np.zeros(len(p.eq))
    if p.eq:
        E = np.array([eh for eh, _ in p.eq])
        mu, *_ = np.linalg.lstsq(E.T, e, rcond=None)
        e = e - E.T @ mu
        beta -= float(mu @ np.array([eb for _, eb in p.eq]))
    return e, beta, mu


def _refine(p: _Problem, A: np.ndarray, y: np.ndarray) -> np.ndarray:
    """A least-squares correction δ (Σδ = 0) with A^T (y + δ) ≈ 0, kept only if y + δ ≥ 0."""
    M = np.vstack([A.T, np.ones((1, A.shape[0]))])
    if p.eq:
        E = np.array([eh for eh, _ in p.eq])
        M = np.hstack([M, np.vstack([E.T, np.zeros((1, E.shape[0]))])])
    for _ in range(3):
        e = y @ A
        if p.eq:
            E = np.array([eh for eh, _ in p.eq])
            e = e - E.T @ np.linalg.lstsq(E.T, e, rcond=None)[0]
        sol, *_ = np.linalg.lstsq(M, np.r_[-(y @ A), 0.0], rcond=None)
        y_new = y + sol[: y.size]
        if y_new.min() < 0 or float(np.linalg.norm(y_new @ A)) >= float(np.linalg.norm(e)):
            break
        y = y_new / float(y_new.sum())
    return y


def _affine_min_norm(A: np.ndarray) -> np.ndarray:
    """The point of the affine hull of the rows of A nearest the origin (orthogonal to that hull).

    Its negative is the natural witness direction when the label sits just off the face the
    certificate names: every row of A then has the same positive margin |r|²."""
    a0 = A[0]
    if A.shape[0] == 1:
        return np.asarray(a0)
    B = (A[1:] - a0).T
    z, *_ = np.linalg.lstsq(B, -a0, rcond=None)
    _ret: np.ndarray = a0 + B @ z
    return _ret


def _equal_margins(A: np.ndarray) -> np.ndarray:
    """h with a_k·h = −1 for every row (all margins 1), by least squares with iterative refinement.

    Near a thin face the system is ill-conditioned; the refinement steps recompute the residual
    from the rows themselves, which recovers margins far below the conditioning's rounding."""
    rhs = -np.ones(A.shape[0])
    h, *_ = np.linalg.lstsq(A, rhs, rcond=None)
    for _ in range(3):
        h = h - np.linalg.lstsq(A, A @ h - rhs, rcond=None)[0]
    _ret: np.ndarray = h
    return _ret


def recheck_no(
    p: _Problem, K: np.ndarray, weights: np.ndarray | None, lp_status: str, lp_t: float
) -> tuple[Certificate | None, bool, list[np.ndarray]]:
    """(certificate, holds, residual directions) from the LP's weights on K (unnormalised rows)."""
    sup = _support(K, weights)
    if sup is None:
        return None, False, []
    S, y = sup
    A, a_s = p.rows(S)
    e, beta, _ = _residual(p, A, a_s, y)
    g = p.g
    norms = np.linalg.norm(A, axis=1)
    allowed = 0.5 * g.gamma * float(norms.min(initial=math.inf))
    if float(np.linalg.norm(e)) > allowed and S.size <= 4 * (g.d + 2):
        y = _refine(p, A, y)
        e, beta, _ = _residual(p, A, a_s, y)
    bias_slack = 0.5 * g.gamma * float(y @ np.abs(a_s))
    if g.space.kind == "box":
        assert g.space.radius is not None
        holds = g.space.radius * float(np.abs(e).sum()) - beta <= bias_slack + allowed * g.space.radius
    else:
        holds = float(np.linalg.norm(e)) <= allowed and -beta <= bias_slack
    scale = max(g.scale, 1e-300)
    keep = y > 0
    order = np.argsort(-y[keep])
    cert = Certificate(
        kind="lp-dual",
        lp_status=lp_status,
        lp_optimum=lp_t,
        weights={int(k): float(v) for k, v in zip(S[keep][order], y[keep][order], strict=True)},
        residual=float(np.linalg.norm(e)) / scale,
        bound=allowed / scale,
    )
    if not holds:
        cert.note = (
            f"the mixture misses the label by {cert.residual:.3g} (relative), above the bound "
            f"{cert.bound:.3g} a re-checked 'no' allows"
            + ("" if -beta <= bias_slack else f", and its bias falls short by {-beta:.3g}")
        )
    dirs = [e]
    if not holds and not p.eq and S.size <= 4 * (g.d + 2):
        # often better witness directions than the raw residual (given as −h, like e)
        dirs += [_affine_min_norm(A), -_equal_margins(A)]
    return cert, holds, dirs


def conclude(
    p: _Problem, K: np.ndarray, weights: np.ndarray | None, lp_status: str, lp_t: float, tried: list[np.ndarray]
) -> Outcome:
    """The answer when the LP's optimum is (near) zero: re-checked "no", a witness, or undecided."""
    cert, holds, dirs = recheck_no(p, K, weights, lp_status, lp_t)
    if holds:
        return Outcome("no", certificate=cert)
    cands = [-e for e in dirs if np.any(e)] + list(tried)
    best = -math.inf
    for h in cands:
        wit, ok = (p.project_eq(h, 1.0), True) if p.g.space.kind == "box" else p.scale_direction(h)
        if not ok:
            continue
        good, _, rel = p.verify(wit)
        if good:
            return Outcome("yes", witness=wit)
        best = max(best, rel)
    if cert is None:
        cert = Certificate(
            kind="lp-numerical",
            lp_status=lp_status,
            lp_optimum=lp_t,
            note="the LP found no usable certificate and no witness re-checked",
        )
    return Outcome(
        "undecided",
        certificate=cert,
        best_margin=None if math.isinf(best) else best,
        tolerance=cert.residual,
    )
