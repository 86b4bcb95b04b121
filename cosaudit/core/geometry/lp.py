"""The exact LPs (scipy's HiGHS) solved by constraint generation, and their certificates."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from cosaudit.core.geometry.certificate import Outcome, conclude
from cosaudit.core.geometry.hull import bias_scale, hull_membership
from cosaudit.core.geometry.results import LP_MARGIN_TOL, LP_ZERO, Certificate
from cosaudit.core.geometry.witness import _Problem


@dataclass
class _LPOut:
    status: str
    t: float
    h: np.ndarray
    s: float
    weights: np.ndarray | None  # non-negative weights on K with Σ w_k a_k ≈ 0 (when t ≤ 0)
    kappa: float


def _row_scaling(A: np.ndarray, a_s: np.ndarray, has_s: bool) -> tuple[float, np.ndarray]:
    """(κ, row norms) for an LP over rows [A, κ·a_s]: κ puts the bias column on the scale of
    the h columns, and every row is normalised (zero rows keep norm 1)."""
    sq = np.einsum("ij,ij->i", A, A)
    if has_s:
        kappa = bias_scale(sq, a_s)
        norms = np.sqrt(sq + (a_s * kappa) ** 2)
    else:
        kappa = 1.0
        norms = np.sqrt(sq)
    return kappa, np.where(norms > 0, norms, 1.0)


def _equality_rows(p: _Problem, n: int, *, has_s: bool, fixed_s: bool,
                   kappa: float) -> tuple[list[np.ndarray], list[float]]:
    """The tie constraints (h, s) · (e_h, e_b) = 0 in the LP's scaled variables."""
    nh = p.g.d
    eq_rows: list[np.ndarray] = []
    eq_rhs: list[float] = []
    for eh, eb in p.eq:
        nrm = float(np.linalg.norm(eh)) or 1.0
        row = np.zeros(n)
        row[:nh] = eh / nrm
        if has_s:
            row[nh] = eb * kappa / nrm
            eq_rhs.append(0.0)
        else:
            eq_rhs.append(-eb / nrm if fixed_s else 0.0)
        eq_rows.append(row)
    return eq_rows, eq_rhs


def _off_planes(c: np.ndarray, eq_rows: list[np.ndarray]) -> np.ndarray:
    """c with the tie rows' normals projected out: what the normalisation Σ(−â_k)·x sees on the tie
    planes (zero there means every row is a multiple of the tie normal: the box must bound x)."""
    if not eq_rows:
        return c
    E = np.array(eq_rows)[:, :-1]
    out: np.ndarray = c - E.T @ np.linalg.lstsq(E.T, c, rcond=None)[0]
    return out


Bounds = Sequence[tuple[float | None, float | None]]


def _unit_box(nh: int, has_s: bool) -> Bounds:
    """h ∈ [−1, 1]^d, s ∈ [0, 1], t free."""
    return [(-1.0, 1.0)] * nh + ([(0.0, 1.0)] if has_s else []) + [(None, None)]


def _normalise(
    p: _Problem, A_ub: np.ndarray, eq_rows: list[np.ndarray], eq_rhs: list[float], *, has_s: bool, fixed_s: bool
) -> tuple[bool, Bounds]:
    """(normalised, bounds): the user's box; or the mean margin fixed to 1 (a row appended to the
    equalities), h free and s ≥ 0; or, when the rows balance out on the tie planes, the unit box."""
    nh = p.g.d
    if fixed_s:
        assert p.g.space.radius is not None
        R = p.g.space.radius
        return False, [(-R, R)] * nh + [(None, None)]
    cvec = -A_ub[:, :-1].sum(axis=0)
    if float(np.linalg.norm(_off_planes(cvec, eq_rows))) > 1e-9 * A_ub.shape[0]:
        row = np.zeros(A_ub.shape[1])
        row[:-1] = cvec
        eq_rows.append(row)
        eq_rhs.append(float(A_ub.shape[0]))
        return True, [(None, None)] * nh + ([(0.0, None)] if has_s else []) + [(None, None)]
    return False, _unit_box(nh, has_s)


def _highs(
    c: np.ndarray, A_ub: np.ndarray, rhs: np.ndarray, eq_rows: list[np.ndarray], eq_rhs: list[float], bounds: Bounds
) -> Any:
    """One HiGHS solve: max t over (h, s, t) (c = −e_t)."""
    from scipy.optimize import linprog

    return linprog(
        c,
        A_ub=A_ub,
        b_ub=rhs,
        A_eq=np.array(eq_rows) if eq_rows else None,
        b_eq=np.array(eq_rhs) if eq_rows else None,
        bounds=bounds,
        method="highs",
    )


def _solve_lp(p: _Problem, K: np.ndarray) -> _LPOut:
    """Maximise the smallest normalised margin t over the constraints of K.

    Whole space (homogeneous): rows â_k = a_k/|a_k|, variables h free, s ≥ 0, t free, with the
    normalisation Σ_k (−â_k)·(h, s) = |K| (the mean margin is 1). Any strictly feasible point
    can be scaled to meet it, so t* > 0 iff the strict system is feasible; and unlike a box on
    h, it keeps h = 0 out, so an interior label gives a clearly negative optimum instead of a
    degenerate t* = 0. The dual of that LP is a Gordan certificate: with ν the multiplier of
    the normalisation, y + ν are non-negative weights with Σ (y_k + ν) â_k = 0.
    Box: h ∈ [−R, R]^d, s = 1 fixed, t free (the user asked for the box). When the normalisation
    cannot hold on the tie planes (their normals absorb the rows, or need s < 0), (h, s) is boxed
    instead, and t* ≤ 0 with its weights is then the answer to re-check.
    """
    g = p.g
    A, a_s = p.rows(K)
    fixed_s = g.space.kind == "box"
    has_s = g.b is not None and not fixed_s
    nh = g.d
    kappa, norms = _row_scaling(A, a_s, has_s)
    cols = [A / norms[:, None]]
    rhs = np.zeros(K.size)
    if has_s:
        cols.append((a_s * kappa / norms)[:, None])
    elif fixed_s:
        rhs = -a_s / norms
    cols.append(np.ones((K.size, 1)))
    A_ub = np.hstack(cols)
    n = A_ub.shape[1]
    eq_rows, eq_rhs = _equality_rows(p, n, has_s=has_s, fixed_s=fixed_s, kappa=kappa)
    normalised, bounds = _normalise(p, A_ub, eq_rows, eq_rhs, has_s=has_s, fixed_s=fixed_s)
    c = np.zeros(n)
    c[-1] = -1.0
    res = _highs(c, A_ub, rhs, eq_rows, eq_rhs, bounds)
    if normalised and res.status == 2:  # the mean margin cannot reach 1 on the tie planes with s ≥ 0
        normalised, bounds = False, _unit_box(nh, has_s)
        res = _highs(c, A_ub, rhs, eq_rows[:-1], eq_rhs[:-1], bounds)
    if res.status != 0 or res.x is None:
        return _LPOut(str(res.message), -math.inf, np.zeros(nh), 0.0, None, kappa)
    x = res.x
    h = x[:nh]
    sval = float(x[nh]) * kappa if has_s else (1.0 if fixed_s else 0.0)
    weights = None
    if res.ineqlin is not None and res.ineqlin.marginals is not None:
        y = np.maximum(-np.asarray(res.ineqlin.marginals), 0.0)
        if normalised and res.eqlin is not None and res.eqlin.marginals is not None:
            nu = float(np.asarray(res.eqlin.marginals)[-1])
            cands = [np.maximum(y + nu, 0.0), np.maximum(y - nu, 0.0), y]
        else:
            cands = [y]
        E = np.array([eh for eh, _ in p.eq]) if p.eq else None
        best = None
        for yy in cands:
            if float(yy.sum()) <= 0:
                continue
            comb = yy @ A_ub[:, :nh]
            if E is not None:
                coef, *_ = np.linalg.lstsq(E.T, comb, rcond=None)
                comb = comb - E.T @ coef
            r = float(np.linalg.norm(comb)) / max(float(yy.sum()), 1e-300)
            if best is None or r < best[0]:
                best = (r, yy)
        weights = None if best is None else best[1] / norms  # back to the un-normalised rows a_k
    return _LPOut("optimal", float(x[-1]), h, sval, weights, kappa)


def _solve_dual(p: _Problem, K: np.ndarray) -> _LPOut:
    """The same question in its dual (convex-hull membership) form, d + 2 rows.

    Softmax, no ties, whole space. With unit rows â_k = (a_k, κ a_s,k)/|·| it finds convex
    weights λ on K minimising |Σ λ_k â_k,h|_1 + max(0, −Σ λ_k â_k,s): the LP dual of
    max t s.t. â_k·x + t ≤ 0, x_h ∈ [−1, 1]^d, x_s ∈ [0, 1]. Its optimum t is 0 exactly when
    label i is dominated (λ is then the certificate) and its row duals are the primal point x
    (a witness direction when t > 0). Solved by interior point (d + 2 dense rows), which is
    far faster than simplex on the degenerate primal.
    """
    from scipy import sparse
    from scipy.optimize import linprog

    g = p.g
    A, a_s = p.rows(K)
    has_s = g.b is not None
    d = g.d
    kappa, norms = _row_scaling(A, a_s, has_s)
    nK = K.size
    # variables: λ (nK), u+ (d), u− (d) [, σ, v]; rows: d residual rows [, bias row], Σλ = 1
    ns = 2 if has_s else 0
    nrow = d + (1 if has_s else 0) + 1
    Aeq = np.zeros((nrow, nK + 2 * d + ns))
    Aeq[:d, :nK] = (A / norms[:, None]).T
    Aeq[:d, nK : nK + d] = -np.eye(d)
    Aeq[:d, nK + d : nK + 2 * d] = np.eye(d)
    c = np.zeros(nK + 2 * d + ns)
    c[nK : nK + 2 * d] = 1.0
    if has_s:
        Aeq[d, :nK] = a_s * kappa / norms
        Aeq[d, nK + 2 * d] = 1.0  # σ: pays for a negative bias residual
        Aeq[d, nK + 2 * d + 1] = -1.0  # v: a positive bias residual is free
        c[nK + 2 * d] = 1.0
    Aeq[-1, :nK] = 1.0
    beq = np.zeros(nrow)
    beq[-1] = 1.0
    res = linprog(c, A_eq=sparse.csr_matrix(Aeq), b_eq=beq, bounds=(0, None), method="highs-ipm")
    if res.status != 0 or res.x is None or res.eqlin is None or res.eqlin.marginals is None:
        return _LPOut(str(res.message), -math.inf, np.zeros(d), 0.0, None, kappa)
    y = np.asarray(res.eqlin.marginals, dtype=np.float64)
    h = np.clip(y[:d], -1.0, 1.0)
    sval = float(np.clip(y[d], 0.0, 1.0)) * kappa if has_s else 0.0
    lam = np.maximum(np.asarray(res.x[:nK], dtype=np.float64), 0.0)
    return _LPOut("optimal", max(float(res.fun), 0.0), h, sval, lam / norms, kappa)


def _lp_witness(p: _Problem, h: np.ndarray, s: float) -> np.ndarray | None:
    """The LP's point as a witness (with s = 1), if it re-checks."""
    if p.g.space.kind == "box":
        cand = p.project_eq(h, 1.0)
        return cand if p.verify(cand)[0] else None
    cand, ok = p.scale_direction(h)
    if ok and p.verify(cand)[0]:
        return cand
    if s > 0:
        cand = p.project_eq(h / s, 1.0)
        if p.verify(cand)[0]:
            return cand
    return None


def _violated(score: np.ndarray, t: float, n_add: int) -> np.ndarray:
    """Labels whose normalised margin is below t (most violated first, at most n_add)."""
    viol = np.flatnonzero(score < t)
    if viol.size == 0:
        viol = np.flatnonzero(np.isfinite(score))
        return viol[np.argsort(score[viol])[: max(1, n_add // 4)]]
    if viol.size > n_add:
        viol = viol[np.argpartition(score[viol], n_add - 1)[:n_add]]
    return viol


def _by_hull(p: _Problem, h_start: np.ndarray) -> Outcome | None:
    """Hull membership by NNLS (`hull.py`): a witness, a re-checked certificate, or undecided;
    None when its step budget ran out (the LP then decides)."""
    K0 = p.threats(h_start, 2 * (p.g.d + 2))
    ans = hull_membership(p, K0)
    if ans.status != "optimal":
        return None
    tried: list[np.ndarray] = []
    if ans.gap > LP_ZERO:  # clearly outside the hull: r_h is a witness direction
        wit = _lp_witness(p, ans.h, ans.s)
        if wit is not None:
            out = Outcome("yes", witness=wit)
            out.rounds, out.constraints = ans.rounds, ans.columns
            return out
        tried.append(ans.h)
    out = conclude(p, ans.labels, ans.weights, "optimal", max(ans.gap, 0.0), tried)
    out.rounds, out.constraints = ans.rounds, ans.columns
    return out


def _constraint_generation(
    p: _Problem,
    h_start: np.ndarray,
    *,
    n0: int = 256,
    n_add: int = 256,
    max_rounds: int = 200,
    all_at_once: bool = False,
) -> Outcome:
    """Exact answer by LP: a re-checked witness, a re-checked certificate, or undecided."""
    g = p.g
    idx_all = np.flatnonzero(p.mask)
    K = idx_all if all_at_once else p.threats(h_start, n0)
    if K.size == 0:
        K = idx_all
    # softmax without ties over the whole space: the dual (hull-membership) problem
    use_dual = not p.sigmoid and not p.eq and g.space.kind != "box"
    if use_dual and not all_at_once:
        out = _by_hull(p, h_start)
        if out is not None:
            return out
    tried: list[np.ndarray] = []
    rounds = 0
    while True:
        rounds += 1
        lp = _solve_dual(p, K) if use_dual else _solve_lp(p, K)
        t, h, s = lp.t, lp.h, lp.s
        if lp.status != "optimal":
            out = Outcome("undecided", certificate=Certificate(kind="lp-status", lp_status=lp.status))
            break
        if t > 0:  # try the LP point as a witness whatever t is (a tiny but real margin counts)
            wit = _lp_witness(p, h, s)
            if wit is not None:
                out = Outcome("yes", witness=wit)
                break
            tried.append(h)
        full = K.size >= idx_all.size
        if t <= LP_ZERO or (t <= LP_MARGIN_TOL and (full or rounds >= 10)) or full or rounds >= max_rounds:
            out = conclude(p, K, lp.weights, lp.status, t, tried)
            break
        # add the violated constraints (most violated first), in the LP's own normalisation
        sv = s if g.space.kind != "box" else 1.0
        m = p.m_h(h) + sv * p.m_b
        with_s = g.b is not None and g.space.kind != "box"
        den = np.sqrt(p.row_norm**2 + (lp.kappa * p.m_b) ** 2) if with_s else p.row_norm
        with np.errstate(divide="ignore", invalid="ignore"):
            score = m / np.where(den > 0, den, 1.0)
        score[~p.mask] = np.inf
        score[K] = np.inf
        K = np.union1d(K, _violated(score, t, n_add if n_add > 0 else max(256, K.size // 2)))
    out.rounds, out.constraints = rounds, int(K.size)
    return out
