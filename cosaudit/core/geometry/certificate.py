"""Turning an LP's dual weights into a "no" that is re-checked, or else a witness or "undecided".

A certificate for "no" is a set of non-negative weights y (summing to 1) on constrained labels
with Σ y_k a_k = e ≈ 0 (a_k = w_k − w_r(k) for softmax, r(k) the nearer label of a tied pair,
−σ_k w_k for sigmoid; tie planes may absorb a multiple of their normals) and Σ y_k a_s,k = β ≥ 0
(the bias part). For every h the y-weighted margin is then −e·h − β, so no h can beat every
constrained label by more than |e|·|h| − β. The weights from the LP are only as good as its
tolerances (1e-7); here they are refined on their support (a least-squares correction that keeps
them non-negative) and, when they still miss, re-fitted by non-negative least squares on a support
widened by the labels that point against the miss; the residual is recomputed in float64 from the
rows themselves. The answer is "no" only when

    |e| ≤ ½ γ · Σ y_k |a_k|     and     −β ≤ ½ γ · Σ y_k |a_s,k|,      γ = 64 (d + 2) eps64,

that is, below half the y-weighted rounding bound a witness must clear (`_Problem.verify`: each
margin must exceed γ |a_k| |h|, so a witness's y-weighted margin −e·h − β exceeds γ Σ y_k |a_k| |h|):
a "no" and a re-checked witness can never both hold. (In a box, |e| is held to ½ γ · min_k |a_k|.)
Otherwise the residual direction −e is tried as a witness (it is the direction in which the label
sticks out of the mixture), and failing that the answer is "undecided" with the best margin found
and the residual as the tolerance.
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


def _off_ties(p: _Problem, e: np.ndarray) -> np.ndarray:
    """e with the tie normals projected out (what a mixture misses by on the tie planes)."""
    if not p.eq:
        return e
    E = np.array([eh for eh, _ in p.eq])
    out: np.ndarray = e - E.T @ np.linalg.lstsq(E.T, e, rcond=None)[0]
    return out


def _refine(p: _Problem, A: np.ndarray, y: np.ndarray) -> np.ndarray:
    """A least-squares correction δ (Σδ = 0) with A^T (y + δ) ≈ 0 (on the tie planes), kept only if y + δ ≥ 0."""
    M = np.vstack([A.T, np.ones((1, A.shape[0]))])
    if p.eq:
        E = np.array([eh for eh, _ in p.eq])
        M = np.hstack([M, np.vstack([E.T, np.zeros((1, E.shape[0]))])])
    for _ in range(3):
        e = _off_ties(p, y @ A)
        sol, *_ = np.linalg.lstsq(M, np.r_[-(y @ A), 0.0], rcond=None)
        y_new = y + sol[: y.size]
        if y_new.min() < 0 or float(np.linalg.norm(_off_ties(p, y_new @ A))) >= float(np.linalg.norm(e)):
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


@dataclass
class _Check:
    """One set of weights re-checked from the rows: residual e, bias part β, and whether it holds."""

    A: np.ndarray
    a_s: np.ndarray
    e: np.ndarray
    beta: float
    allowed: float
    bias_slack: float
    holds: bool


def _check(p: _Problem, S: np.ndarray, y: np.ndarray) -> _Check:
    """Recompute the mixture of the rows S with weights y in float64, and the bounds it must meet."""
    g = p.g
    A, a_s = p.rows(S)
    e, beta, _ = _residual(p, A, a_s, y)
    lengths = np.linalg.norm(A, axis=1)
    bias_slack = 0.5 * g.gamma * float(y @ np.abs(a_s))
    if g.space.kind == "box":
        allowed = 0.5 * g.gamma * float(lengths.min(initial=math.inf))
        assert g.space.radius is not None
        holds = g.space.radius * float(np.abs(e).sum()) - beta <= bias_slack + allowed * g.space.radius
    else:  # a witness's y-weighted margin exceeds γ Σ y_k |a_k| |h|: the y-weighted bound, as for the bias
        allowed = 0.5 * g.gamma * float(y @ lengths)
        holds = float(np.linalg.norm(e)) <= allowed and -beta <= bias_slack
    return _Check(A, a_s, e, beta, allowed, bias_slack, bool(holds))


def _extend(p: _Problem, S: np.ndarray, e: np.ndarray, spread: float) -> tuple[np.ndarray, np.ndarray] | None:
    """Weights on a larger support when the LP's miss a label by more than rounding.

    HiGHS drops weights below its tolerance (1e-7), so a label that lies on a face only with a tiny
    weight on a far label comes back as a mixture that misses by that much. The labels that point
    against the residual e (a_k·e < 0), or are square to it within rounding (for a tie: a label on
    the line through the pair, whose a_k is a multiple of the tie normal), can close the gap:
    non-negative least squares (Lawson–Hanson, exact to rounding on a small support) over S and the
    2 (d + 2) best of them (or over S alone), for Σ y_k a_k = 0, Σ y_k = 1 and a bias part ≥ 0 (a
    slack column), tie normals free in sign."""
    from scipy.optimize import nnls

    g = p.g
    norms = np.sqrt(g.sq)
    with np.errstate(divide="ignore", invalid="ignore"):
        score = np.where(p.mask & (p.row_norm > 0), p.m_h(e) / p.row_norm, -np.inf)  # −a_k·e / |a_k|
        # rounding of m_h(e), and of e's projection off the tie normals (up to γ Σ y_k |a_k| = γ·spread)
        slack = g.gamma * ((norms + norms[p.refs]) * float(np.linalg.norm(e)) / p.row_norm + spread)
    ok = p.mask & (p.row_norm > 0) & (score >= -slack)
    ok[S] = False
    n = min(2 * (g.d + 2), int(np.count_nonzero(ok)))
    C = np.argpartition(-score, n - 1)[:n] if n else np.zeros(0, dtype=np.int64)
    T = np.union1d(S, C[ok[C]])  # S alone still helps: the NNLS may drop a label the LP kept
    A, a_s = p.rows(T)
    rms = float(np.sqrt(np.mean(np.einsum("ij,ij->i", A, A)))) or 1.0
    kb = rms / (float(np.sqrt(np.mean(a_s**2))) or 1.0)
    cols = [np.vstack([A.T, kb * a_s[None, :], rms * np.ones((1, T.size))])]
    if g.b is not None:  # Σ y a_s − v = 0, v ≥ 0
        cols.append(np.r_[np.zeros(g.d), -kb, 0.0][:, None])
    for eh, eb in p.eq:
        col = np.r_[eh, kb * eb, 0.0][:, None]
        cols += [col, -col]
    try:
        x, _ = nnls(np.hstack(cols), np.r_[np.zeros(g.d + 1), rms])
    except RuntimeError:  # no convergence within its 3n iterations: keep the LP's weights
        return None
    y = x[: T.size]
    if not float(y.sum()) > 0:
        return None
    keep = y > 0
    return T[keep], y[keep] / float(y[keep].sum())


def _best_weights(p: _Problem, S: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray, _Check]:
    """The LP's weights refined on their support, then on a larger one if they still miss."""
    small = S.size <= 4 * (p.g.d + 2)
    c = _check(p, S, y)
    if float(np.linalg.norm(c.e)) > c.allowed and small:
        y = _refine(p, c.A, y)
        c = _check(p, S, y)
    if c.holds or not small:
        return S, y, c
    ext = _extend(p, S, c.e, float(y @ np.linalg.norm(c.A, axis=1)))
    if ext is None:
        return S, y, c
    S2, y2 = ext
    if S2.size <= 4 * (p.g.d + 2):
        y2 = _refine(p, p.rows(S2)[0], y2)
    c2 = _check(p, S2, y2)
    return (S2, y2, c2) if c2.holds else (S, y, c)


def recheck_no(
    p: _Problem, K: np.ndarray, weights: np.ndarray | None, lp_status: str, lp_t: float
) -> tuple[Certificate | None, bool, list[np.ndarray]]:
    """(certificate, holds, residual directions) from the LP's weights on K (unnormalised rows)."""
    sup = _support(K, weights)
    if sup is None:
        return None, False, []
    S, y, c = _best_weights(p, *sup)
    g = p.g
    e, beta, holds = c.e, c.beta, c.holds
    scale = max(g.scale, 1e-300)
    keep = y > 0
    order = np.argsort(-y[keep])
    cert = Certificate(
        kind="lp-dual",
        lp_status=lp_status,
        lp_optimum=lp_t,
        weights={int(k): float(v) for k, v in zip(S[keep][order], y[keep][order], strict=True)},
        residual=float(np.linalg.norm(e)) / scale,
        bound=c.allowed / scale,
    )
    if not holds:
        cert.note = (
            f"the mixture misses the label by {cert.residual:.3g} (relative), above the bound "
            f"{cert.bound:.3g} a re-checked 'no' allows"
            + ("" if -beta <= c.bias_slack else f", and its bias falls short by {-beta:.3g}")
        )
    dirs = [e]
    if not holds and not p.eq and S.size <= 4 * (g.d + 2):
        # often better witness directions than the raw residual (given as −h, like e)
        dirs += [_affine_min_norm(c.A), -_equal_margins(c.A), -_equal_margins(_with_blockers(p, S, e))]
    return cert, holds, dirs


def _with_blockers(p: _Problem, S: np.ndarray, e: np.ndarray) -> np.ndarray:
    """Rows of S and of the labels that block the residual direction −e, at most d of them: the
    label then beats each by the same margin when they are affinely independent (a thin simplex
    next to it, which the certificate's own support does not see)."""
    K = np.array(list(dict.fromkeys([*S.tolist(), *p.threats(-e, p.g.d).tolist()]))[: max(p.g.d, S.size)])
    return p.rows(K)[0]


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
