"""One argmaxable / tie-able question answered: special cases, witness search, then the LP (and,
near exact degeneracy, a tie witness nudged toward the label, or a label of the pair dominated by
labels outside it)."""

from __future__ import annotations

import math
import time
from typing import Any

import numpy as np

from cosaudit.core.geometry.certificate import recheck_no
from cosaudit.core.geometry.head import HeadGeometry, _check_index, as_geometry
from cosaudit.core.geometry.lp import _constraint_generation
from cosaudit.core.geometry.results import Answer, ArgmaxResult, Certificate, HeadType, TieResult, Verdict
from cosaudit.core.geometry.space import SearchSpace
from cosaudit.core.geometry.witness import _cheap_search, _Problem, _start_direction
from cosaudit.errors import DataError

STORAGE_NAMES = {
    "F64": "float64",
    "F32": "float32",
    "F16": "float16",
    "BF16": "bf16",
    "F8_E4M3": "fp8",
    "F8_E5M2": "fp8",
}


def _duplicates_of(g: HeadGeometry, i: int) -> np.ndarray:
    """Rows exactly equal to row i, excluding i (see `HeadGeometry.duplicates_of`)."""
    return g.duplicates_of(i)


def _finish(res: Answer, p: _Problem, h: np.ndarray, t0: float) -> None:
    """Record a re-checked witness: a "yes", with its margin (and whether the storage dtype can see it)."""
    _, m, rel = p.verify(h)
    _set_verdict(res, "yes")
    res.witness = p.g.to_original(h)
    res.margin = m
    res.rel_margin = rel
    if math.isfinite(rel) and rel < 4.0 * p.g.unit_roundoff:
        res.storage_tie = True
        name = STORAGE_NAMES.get(p.g.storage, p.g.storage)
        res.note = (
            f"the margin ({rel:.2g} of the logit range) is below {name}'s resolution: only a {name} tie in practice"
        )
    res.seconds = time.perf_counter() - t0


def argmaxable(
    W: np.ndarray | HeadGeometry,
    b: np.ndarray | None = None,
    i: int = 0,
    *,
    box: float | None = None,
    space: SearchSpace | None = None,
    head_type: HeadType = "softmax",
    cheap_iters: int = 30,
    cheap_budget_s: float = 1.0,
    full_lp: bool = False,
) -> ArgmaxResult:
    """Can label i be the strict top prediction for some h in the search space?

    sigmoid heads: can label i be predicted alone (z_i > 0 > z_k for all k ≠ i)?
    `full_lp=True` skips the witness search and solves one LP with every row (the baseline).
    """
    t0 = time.perf_counter()
    g = as_geometry(W, b, head_type, space, box)
    i = _check_index(g, i)
    res = ArgmaxResult(head_type=g.head_type, space=g.describe_space(), method="", label=i)
    p = _Problem(g, [i])
    if g.head_type == "softmax":
        if g.V == 1:
            res.method = "trivial"
            _finish(res, p, np.zeros(g.d), t0)
            res.note = "the only label is always on top"
            return res
        if _no_by_duplicate(res, g, i, _duplicates_of(g, i), "it always ties or wins", t0):
            k = next(iter(res.certificate.weights)) if res.certificate else i
            res.note = f"label {i} duplicates label {k}: they always tie, so {i} is never strictly on top"
            return res
    else:
        if g.sq[i] == 0 and (g.b is None or g.b[i] <= 0):
            res.method = "zero-row"
            res.certificate = Certificate(
                kind="zero-row",
                weights={i: 1.0},
                note="a zero row with no positive bias is never on",
            )
            res.seconds = time.perf_counter() - t0
            return res
    _ret: ArgmaxResult = _decide(res, p, cheap_iters, cheap_budget_s, full_lp, t0)
    return _ret


def _decide(res: Answer, p: _Problem, cheap_iters: int, cheap_budget_s: float, full_lp: bool, t0: float) -> Any:
    h_best = np.zeros(p.g.d)
    if not full_lp:
        wit, method, h_best = _cheap_search(p, cheap_iters, cheap_budget_s)
        if wit is not None:
            res.method = method
            _finish(res, p, wit, t0)
            return res
    out = _constraint_generation(p, h_best, all_at_once=full_lp)
    res.lp_rounds, res.lp_constraints = out.rounds, out.constraints
    res.method = "full-lp" if full_lp else "lp"
    if out.verdict == "yes":
        assert out.witness is not None
        _finish(res, p, out.witness, t0)
        return res
    if out.verdict == "undecided" and isinstance(res, ArgmaxResult):
        wit = _nudged_tie_witness(p, out.certificate)
        if wit is not None:
            res.method = "witness:tie"
            _finish(res, p, wit, t0)
            return res
    _set_verdict(res, out.verdict)
    res.certificate = out.certificate
    res.best_margin, res.tolerance = out.best_margin, out.tolerance
    if out.verdict == "undecided":
        res.note = _undecided_note(out.best_margin, out.tolerance)
    res.seconds = time.perf_counter() - t0
    return res


TIE_PARTNERS = 8  # tie partners tried: the near-certificate's labels first, then the closest labels


def _nudged_tie_witness(p: _Problem, cert: Certificate | None) -> np.ndarray | None:
    """An argmax witness for label i from a re-checked tie witness with a label next to it: where
    i and j share the top and every other label is strictly below, moving h a little along
    w_i − w_j lifts i above j (by t·|w_i − w_j|²) while the others stay below. Partners: the labels
    of the near-certificate (largest weight first), then those with the smallest margin along
    i's whitened direction. Softmax, whole space or box (witnesses in the head's own coordinates)."""
    g = p.g
    if g.head_type != "softmax" or g.space.kind == "affine":
        return None
    i = p.ref
    near = [] if cert is None else sorted(cert.weights, key=lambda k: -cert.weights[k])
    partners = list(dict.fromkeys([*near[:TIE_PARTNERS // 2], *p.threats(_start_direction(p), TIE_PARTNERS).tolist()]))
    for j in partners[:TIE_PARTNERS]:
        if j == i or np.array_equal(g.W[i], g.W[j]):
            continue
        t = _tie(g, i, int(j), (30, 1.0, False), argmax_help=False)
        if t.verdict == "yes" and t.witness is not None:
            h = _nudge(p, np.asarray(t.witness, dtype=np.float64), int(j))
            if h is not None:
                return h
    return None


def _nudge(p: _Problem, h0: np.ndarray, j: int) -> np.ndarray | None:
    """h0 + t (w_i − w_j) for a t that keeps every other margin positive, if it re-checks."""
    dvec = p.g.W[p.ref] - p.g.W[j]
    m = p.m_h(h0) + p.m_b  # margins at the tie witness (s = 1): j's is ~0, the others' positive
    c = p.m_h(dvec)  # their change per unit t (j's: |w_i − w_j|² > 0)
    others = p.mask.copy()
    others[j] = False
    shrink = others & (c < 0)
    t_max = float((m[shrink] / -c[shrink]).min()) if np.any(shrink) else math.inf
    if not t_max > 0:
        return None
    if math.isinf(t_max):
        t_max = 2.0 * max(float(np.linalg.norm(h0)), 1.0) / float(np.linalg.norm(dvec))
    for frac in (0.5, 0.1, 0.9):
        h: np.ndarray = h0 + frac * t_max * dvec
        if p.verify(h)[0]:
            return h
    return None


def _undecided_note(best: float | None, tol: float | None) -> str:
    got = "no witness re-checked" if best is None else f"the best witness reached a relative margin of {best:.2g}"
    within = "" if tol is None else f"; no hidden state beats the others by more than {tol:.2g} (relative) x |h|"
    return f"undecided within tolerance: {got}{within}"


def _set_verdict(res: Answer, verdict: Verdict) -> None:
    res.verdict = verdict
    if isinstance(res, ArgmaxResult):
        res.argmaxable = verdict == "yes"
    elif isinstance(res, TieResult):
        res.tieable = verdict == "yes"


def tieable(
    W: np.ndarray | HeadGeometry,
    b: np.ndarray | None = None,
    i: int = 0,
    j: int = 1,
    *,
    box: float | None = None,
    space: SearchSpace | None = None,
    head_type: HeadType = "softmax",
    cheap_iters: int = 30,
    cheap_budget_s: float = 1.0,
    full_lp: bool = False,
) -> TieResult:
    """Can labels i and j share the top, every other label strictly below?

    sigmoid heads: can exactly {i, j} be predicted (z_i, z_j > 0 > z_k for all other k)?
    Duplicate rows (equal bias) always tie; they are tie-able iff the pair can beat every other
    label. Equal rows with different biases never tie. The question is symmetric and so is the
    answer: it is worked out for the pair in increasing order (`_Problem` measures every other
    label from the nearer of the two), so (i, j) and (j, i) get the same verdict, witness and
    certificate.
    """
    g = as_geometry(W, b, head_type, space, box)
    return _tie(g, i, j, (cheap_iters, cheap_budget_s, full_lp), argmax_help=True)


def _tie(g: HeadGeometry, i: int, j: int, how: tuple[int, float, bool], *, argmax_help: bool) -> TieResult:
    """`tieable` on a prepared head; `argmax_help`: an "undecided" may be settled by the pair's own
    argmax certificates (off when the argmax check itself asks, so that neither recurses)."""
    t0 = time.perf_counter()
    i, j = _check_index(g, i), _check_index(g, j)
    if i == j:
        raise DataError(f"tie-ability needs two different labels, got {i} twice")
    res = TieResult(head_type=g.head_type, space=g.describe_space(), method="", pair=(i, j))
    p = tie_problem(g, i, j)
    if g.head_type == "softmax" and _tie_special_case(res, p, t0):
        return res
    out: TieResult = _decide(res, p, *how, t0)
    if out.verdict == "undecided" and argmax_help and g.head_type == "softmax":
        _from_argmax_certificates(out, p, t0)
    return out


def _from_argmax_certificates(res: TieResult, p: _Problem, t0: float) -> None:
    """A label of the pair that a mixture of labels outside the pair dominates (its argmax "no")
    is never strictly above those labels, so the pair never ties at the top: that mixture,
    re-checked as the tie's certificate (the tie's rows and bounds), is a "no" for the pair."""
    for a, other in (p.T, p.T[::-1]):
        r = argmaxable(p.g, None, a)
        if r.verdict != "no" or r.certificate is None or not r.certificate.weights:
            continue
        if other in r.certificate.weights:
            continue
        K = np.array(list(r.certificate.weights), dtype=np.int64)
        y = np.array(list(r.certificate.weights.values()))
        cert, holds, _ = recheck_no(p, K, y, r.certificate.lp_status or "optimal", r.certificate.lp_optimum or 0.0)
        if holds and cert is not None:
            _set_verdict(res, "no")
            res.method = f"{res.method} (argmax certificate of {a})"
            res.certificate, res.note = cert, ""
            res.best_margin = res.tolerance = None
            res.seconds = time.perf_counter() - t0
            return


def tie_problem(g: HeadGeometry, i: int, j: int) -> _Problem:
    """The tie question for {i, j}, in its canonical order (the same problem for (j, i))."""
    return _Problem(g, sorted((i, j)))


def _tie_special_case(res: TieResult, p: _Problem, t0: float) -> bool:
    """Equal rows, two labels, or a third label equal to one of the pair (softmax): answered here."""
    g = p.g
    lo, hi = p.T
    if np.array_equal(g.W[lo], g.W[hi]):
        db = 0.0 if g.b is None else float(g.b[lo] - g.b[hi])
        if abs(db) > 0:
            res.method = "parallel"
            res.certificate = Certificate(
                kind="parallel",
                weights={lo: 1.0, hi: 1.0},
                note=f"equal rows with biases differing by {abs(db):g}: z_{lo} − z_{hi} is constant",
            )
            res.seconds = time.perf_counter() - t0
            return True
        res.note = "equal rows: the two labels always tie"
        p.eq = []  # the tie holds everywhere
    if g.V == 2:
        res.method = "trivial"  # on the tie plane (through the origin without a bias)
        h = p.project_eq(np.zeros(g.d), 1.0) if p.eq and g.b is not None else np.zeros(g.d)
        _finish(res, p, h, t0)
        return True
    # a third label equal to one of the pair can never be strictly below them
    for a in (lo, hi):
        dup = np.setdiff1d(_duplicates_of(g, a), [lo, hi])
        if _no_by_duplicate(res, g, a, dup, "it is never strictly below", t0):
            return True
    return False


def _no_by_duplicate(res: Answer, g: HeadGeometry, a: int, dup: np.ndarray, why: str, t0: float) -> bool:
    """A "no" when one of `dup` (rows equal to row a) has no smaller bias; False otherwise."""
    if dup.size == 0 or (g.b is not None and not np.any(g.b[dup] >= g.b[a])):
        return False
    k = int(dup[0] if g.b is None else dup[np.argmax(g.b[dup])])
    res.method = "duplicate"
    res.certificate = Certificate(
        kind="duplicate",
        weights={k: 1.0},
        residual=0.0,
        note=f"row {k} equals row {a} with no smaller bias: {why}",
    )
    res.seconds = time.perf_counter() - t0
    return True
