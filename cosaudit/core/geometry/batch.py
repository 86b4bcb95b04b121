"""Many labels at once: every label's argmaxability, one label's tie-able neighbours, the
tie-ability matrix of chosen labels."""

from __future__ import annotations

import math
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence

import numpy as np

from cosaudit.core.geometry.decide import _finish, argmaxable, tie_problem, tieable
from cosaudit.core.geometry.head import ROW_BLOCK, HeadGeometry, _check_index, as_geometry
from cosaudit.core.geometry.results import (
    ArgmaxResult,
    BatchResult,
    HeadType,
    NeighbourResult,
    ProgressFn,
    TieMatrix,
    TieResult,
)
from cosaudit.core.geometry.space import SearchSpace
from cosaudit.core.geometry.witness import _cheap_search, _Problem


def _gram_pass(
    g: HeadGeometry,
    ids: np.ndarray,
    progress: ProgressFn | None,
    should_stop: Callable[[], bool] | None,
    block: int = 128,
    keep_witness: bool = True,
) -> tuple[dict[int, tuple[np.ndarray | None, float, float]], bool]:
    """Vectorised whitened-direction certificates for many labels at once (float32 GEMM).

    For label i the direction is h_i = Σ⁺(w_i − μ); the logit gaps at h_i for every k are
    (x_i − x_k)·x_i with x = L^T (w − μ), Σ⁺ = L L^T — a column of one Gram matrix. A label is
    settled when every gap exceeds the float32 rounding bound of that Gram entry. Returns
    {i: (h_i, margin, rel_margin)} for settled labels, and whether the pass completed.
    """
    P = g.whitener()
    evals, evecs = np.linalg.eigh(P)
    keep = evals > evals.max() * 1e-12 if evals.size else evals > 0
    L = evecs[:, keep] * np.sqrt(evals[keep])
    X = np.empty((g.V, L.shape[1]), dtype=np.float32)
    for a in range(0, g.V, ROW_BLOCK):  # blockwise: no V × d float64 temporary
        X[a : a + ROW_BLOCK] = g.centered(a, a + ROW_BLOCK) @ L
    xn = np.sqrt(np.einsum("ij,ij->i", X, X, dtype=np.float64))
    gamma = 2.0 * X.shape[1] * float(np.finfo(np.float32).eps)
    out: dict[int, tuple[np.ndarray | None, float, float]] = {}
    try:
        _gram_blocks(g, ids, P, X, xn, gamma, out, progress, should_stop, block, keep_witness)
    except _Stopped:
        return out, False
    except KeyboardInterrupt:
        return out, False
    return out, True


class _Stopped(Exception):
    pass


def _gram_blocks(
    g: HeadGeometry,
    ids: np.ndarray,
    P: np.ndarray,
    X: np.ndarray,
    xn: np.ndarray,
    gamma: float,
    out: dict[int, tuple[np.ndarray | None, float, float]],
    progress: ProgressFn | None,
    should_stop: Callable[[], bool] | None,
    block: int,
    keep_witness: bool = True,
) -> None:
    done = 0
    for a in range(0, ids.size, block):
        if should_stop is not None and should_stop():
            raise _Stopped
        cols = ids[a : a + block]
        base = g.W[cols] - g.mu if g.head_type == "softmax" else g.W[cols]
        H = base @ P  # the witnesses of the block (P is symmetric)
        if g.b is None:
            acc: _GapsAcc = _NoBiasAcc(cols.size)
        else:
            acc = _BiasAcc(cols.size)
        _scan_gaps(g, X, xn, gamma, cols, acc)
        acc.settle(cols, H, out, keep_witness)
        done += cols.size
        if progress is not None:
            progress(done, ids.size, "whitened certificates")


Settled = dict[int, tuple[np.ndarray | None, float, float]]  # label: (witness, margin, relative margin)


class _GapsAcc(ABC):
    """What one block of labels needs from its Gram columns, accumulated over chunks of labels k
    (arrays are chunk × B: one column per label of the block)."""

    @abstractmethod
    def add(self, mh: np.ndarray, err: np.ndarray, gt: np.ndarray, mb: np.ndarray | None) -> None: ...

    @abstractmethod
    def settle(self, cols: np.ndarray, H: np.ndarray, out: Settled, keep_witness: bool) -> None: ...


class _NoBiasAcc(_GapsAcc):
    """No bias: a label is settled when every gap clears its rounding bound."""

    def __init__(self, n: int) -> None:
        self.ok = np.ones(n, dtype=bool)
        self.mmin = np.full(n, np.inf)
        self.gmax = np.full(n, -np.inf)
        self.gmin = np.full(n, np.inf)

    def add(self, mh: np.ndarray, err: np.ndarray, gt: np.ndarray, mb: np.ndarray | None) -> None:
        self.ok &= np.all(mh > err, axis=0)
        np.minimum(self.mmin, mh.min(axis=0), out=self.mmin)
        np.maximum(self.gmax, gt.max(axis=0), out=self.gmax)
        np.minimum(self.gmin, gt.min(axis=0), out=self.gmin)

    def settle(self, cols: np.ndarray, H: np.ndarray, out: Settled, keep_witness: bool) -> None:
        spread = self.gmax - self.gmin
        for q in np.flatnonzero(self.ok):
            rel = float(self.mmin[q] / spread[q]) if spread[q] > 0 else 0.0
            out[int(cols[q])] = (H[q].copy() if keep_witness else None, float(self.mmin[q]), rel)


class _BiasAcc(_GapsAcc):
    """With a bias: the interval of scales λ for which λ·h_i (with s = 1) clears every gap."""

    def __init__(self, n: int) -> None:
        self.bad = np.zeros(n, dtype=bool)
        self.lo = np.zeros(n)
        self.hi = np.full(n, np.inf)

    def add(self, mh: np.ndarray, err: np.ndarray, gt: np.ndarray, mb: np.ndarray | None) -> None:
        assert mb is not None
        lo_mask = mh > err
        hi_mask = mh < -err
        self.bad |= np.any(~(lo_mask | hi_mask) & (mb <= 0), axis=0)
        fin = lo_mask & np.isfinite(mb) & np.isfinite(mh)
        with np.errstate(divide="ignore", invalid="ignore"):
            np.maximum(self.lo, np.where(fin, -mb / mh, -np.inf).max(axis=0), out=self.lo)
            np.minimum(self.hi, np.where(hi_mask, mb / -mh, np.inf).min(axis=0), out=self.hi)

    def settle(self, cols: np.ndarray, H: np.ndarray, out: Settled, keep_witness: bool) -> None:
        for q in np.flatnonzero(~self.bad & (self.lo < self.hi)):
            lo, hi = float(self.lo[q]), float(self.hi[q])
            lam = 2.0 * lo + 1.0 if math.isinf(hi) else 0.5 * (lo + hi)
            # margin recomputed (exactly) by the caller
            out[int(cols[q])] = (lam * H[q], math.nan, math.nan)


def _scan_gaps(g: HeadGeometry, X: np.ndarray, xn: np.ndarray, gamma: float, cols: np.ndarray, acc: _GapsAcc) -> None:
    """The gaps of a block of labels against every label, ROW_BLOCK labels k at a time (float32
    GEMM; no V × B temporaries), fed to `acc` as chunk × B arrays (one column per label of the
    block). A label's own entry: +inf (softmax) or its logit (sigmoid)."""
    softmax = g.head_type == "softmax"
    Xc = X[cols]
    xc = xn[cols][None, :]
    diag = np.diagonal(Xc @ Xc.T).astype(np.float64)  # as the GEMM computes it
    for c0 in range(0, g.V, ROW_BLOCK):
        c1 = min(g.V, c0 + ROW_BLOCK)
        gt = (X[c0:c1] @ Xc.T).astype(np.float64)  # chunk × B
        err = gamma * xc * (xn[c0:c1, None] + xc) + 1e-30
        q = np.flatnonzero((cols >= c0) & (cols < c1))
        pos = cols[q] - c0
        mh = diag[None, :] - gt if softmax else -gt
        mh[pos, q] = np.inf if softmax else gt[pos, q]
        mb = None
        if g.b is not None:
            if softmax:
                mb = g.b[cols][None, :] - g.b[c0:c1, None]
                mb[pos, q] = np.inf
            else:
                mb = np.broadcast_to(-g.b[c0:c1, None], gt.shape).copy()
                mb[pos, q] = g.b[cols[q]]
        acc.add(mh, err, gt, mb)


def _settled_results(
    g: HeadGeometry, settled: dict[int, tuple[np.ndarray | None, float, float]]
) -> dict[int, ArgmaxResult]:
    """ArgmaxResults ("yes") of the labels the Gram pass settled (bias case: re-checked here)."""
    results: dict[int, ArgmaxResult] = {}
    for i, (h, m, rel) in settled.items():
        r = ArgmaxResult(
            head_type=g.head_type,
            space=g.describe_space(),
            method="witness:whitened",
            label=i,
            argmaxable=True,
            verdict="yes",
        )
        if math.isnan(m):  # bias case: recheck exactly (a _Problem costs a V × d product)
            assert h is not None
            ok, m, rel = _Problem(g, [i]).verify(h)
            if not ok:
                continue
        r.witness, r.margin, r.rel_margin = (None if h is None else g.to_original(h)), m, rel
        results[i] = r
    return results


def argmax_many(
    W: np.ndarray | HeadGeometry,
    b: np.ndarray | None = None,
    ids: Sequence[int] | None = None,
    *,
    box: float | None = None,
    space: SearchSpace | None = None,
    head_type: HeadType = "softmax",
    progress: ProgressFn | None = None,
    should_stop: Callable[[], bool] | None = None,
    cheap_iters: int = 30,
    cheap_budget_s: float = 1.0,
    keep_witnesses: bool = True,
) -> BatchResult:
    """Argmaxable answers for many labels (all when ids is None), sharing work.

    Stage 1 settles most labels at once with whitened-direction certificates computed as
    blocks of one Gram matrix (vectorised over labels); stage 2 runs the per-label witness
    search and the constraint-generation LP on the rest. `progress(done, total, stage)` is
    called as labels are settled; `should_stop()` (or Ctrl-C) ends the run early and the
    result keeps what was answered, with `complete=False`.
    """
    t0 = time.perf_counter()
    g = as_geometry(W, b, head_type, space, box)
    req = list(range(g.V)) if ids is None else [_check_index(g, i) for i in ids]
    uniq = np.array(sorted(set(req)), dtype=np.int64)
    results: dict[int, ArgmaxResult] = {}
    complete = True
    try:
        settled: dict[int, tuple[np.ndarray | None, float, float]] = {}
        if g.space.kind == "all" and g.V > 2 and uniq.size > 0:
            # duplicates must go through the exact path (the Gram pass cannot settle them anyway)
            settled, complete = _gram_pass(
                g,
                uniq,
                None if progress is None else (lambda d, t, s: progress(d, uniq.size, s)),
                should_stop,
                keep_witness=keep_witnesses,
            )
        results.update(_settled_results(g, settled))
        if progress is not None:
            progress(len(results), uniq.size, "whitened certificates")
        if complete:
            for i in uniq:
                if int(i) in results:
                    continue
                if should_stop is not None and should_stop():
                    complete = False
                    break
                results[int(i)] = argmaxable(g, None, int(i), cheap_iters=cheap_iters, cheap_budget_s=cheap_budget_s)
                if progress is not None:
                    progress(len(results), uniq.size, "witness search / LP")
    except KeyboardInterrupt:
        complete = False
    methods: dict[str, int] = {}
    for r in results.values():
        methods[r.method] = methods.get(r.method, 0) + 1
    return BatchResult(
        results=results,
        requested=req,
        complete=complete,
        space=g.describe_space(),
        head_type=g.head_type,
        seconds=time.perf_counter() - t0,
        methods=methods,
    )


def tieable_neighbours(
    W: np.ndarray | HeadGeometry,
    b: np.ndarray | None = None,
    i: int = 0,
    *,
    k: int = 10,
    candidates: int | None = None,
    exhaustive: bool = False,
    box: float | None = None,
    space: SearchSpace | None = None,
    head_type: HeadType = "softmax",
    progress: ProgressFn | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> NeighbourResult:
    """Labels that can share the top with label i, ordered by witness margin (largest first).

    Candidates are ordered cheaply — by the whitened inner product with w_i (an affinely
    equivariant closeness) — and the first `candidates` (default max(10·k, 100), all when
    `exhaustive`) are checked in that order by the witness search alone, until 2·k have a
    witness; the exact LP runs for the undecided ones only while fewer than k have been found.
    The result states how many were
    checked; without `exhaustive` it is k tie-able neighbours among the candidates, not a
    ranking of every tie-able label.
    """
    t0 = time.perf_counter()
    g = as_geometry(W, b, head_type, space, box)
    i = _check_index(g, i)
    out = NeighbourResult(
        label=i,
        neighbours=[],
        candidates_checked=0,
        candidates_considered=0,
        exhaustive=exhaustive,
        space=g.describe_space(),
        head_type=g.head_type,
        seconds=0.0,
    )
    # one argmax check first: a label that is never strictly on top ties with nobody at the top,
    # except with an exact copy of its own row (they always tie)
    top = _own_check(g, i, progress)
    if top is None:  # interrupted during the label's own check: nothing decided yet
        out.interrupted = True
        out.seconds = time.perf_counter() - t0
        return out
    out.label_verdict = top.verdict
    # sigmoid: "never on alone" does not keep a label from being on with one other (no shortcut)
    never_top = top.verdict == "no" and g.head_type == "softmax"
    if never_top:
        dups = g.duplicates_of(i)
        order = dups if top.certificate is not None and top.certificate.kind == "duplicate" else dups[:0]
        out.note = f"label {i} is never strictly the top prediction, so no label can share the top with it" + (
            "" if order.size == 0 else " except its exact copies"
        )
        exhaustive = True
    else:
        n_cand = g.V - 1 if exhaustive else min(g.V - 1, candidates or max(10 * k, 100))
        order = _candidate_order(g, i, n_cand)
    found, checked, pending, stopped = _neighbour_search(g, i, order, k, exhaustive, progress, should_stop)
    found.sort(key=lambda r: -(r.rel_margin or 0.0))
    out.neighbours = found[:k] if k > 0 else found
    out.candidates_checked, out.candidates_considered = checked, int(order.size)
    out.complete = not stopped and (
        never_top and checked == order.size or (checked == g.V - 1 and pending == 0 and len(found) <= k)
    )
    out.undecided = pending
    out.interrupted = stopped
    out.seconds = time.perf_counter() - t0
    return out


OWN_CHECK = "is the label ever on top? (one argmax check)"


def _own_check(g: HeadGeometry, i: int, progress: ProgressFn | None) -> ArgmaxResult | None:
    """Label i's own argmax answer, announced as a stage of its own (it can take long for an
    interior label); None when interrupted."""
    try:
        if progress is not None:
            progress(0, 1, OWN_CHECK)
        top = argmaxable(g, None, i)
        if progress is not None:
            progress(1, 1, OWN_CHECK)
    except KeyboardInterrupt:
        return None
    return top


def _candidate_order(g: HeadGeometry, i: int, n_cand: int) -> np.ndarray:
    """Other labels by whitened closeness to label i (an affinely equivariant order), first n_cand."""
    P = g.whitener()
    xi = P @ g.centered(i, i + 1)[0]
    score = np.empty(g.V)
    for a in range(0, g.V, ROW_BLOCK):  # blockwise: no V × d temporaries
        X = g.centered(a, a + ROW_BLOCK)
        wn = np.sqrt(np.maximum(np.einsum("ij,ij->i", X @ P, X), 1e-300))
        score[a : a + X.shape[0]] = (X @ xi) / wn
    score[i] = -np.inf
    _ret: np.ndarray = np.argsort(-score)[: min(n_cand, g.V - 1)]
    return _ret


def _neighbour_search(
    g: HeadGeometry,
    i: int,
    order: np.ndarray,
    k: int,
    exhaustive: bool,
    progress: ProgressFn | None,
    should_stop: Callable[[], bool] | None,
) -> tuple[list[TieResult], int, int, bool]:
    """Witness search over the candidates in order, then the exact check on the rest while needed.
    Returns (tie-able found, candidates checked, candidates left undecided, stopped early)."""
    found: list[TieResult] = []
    undecided: list[int] = []
    checked = 0
    try:
        for c, j in enumerate(order):
            if should_stop is not None and should_stop():
                return found, checked, len(undecided), True
            r = _tie_cheap_only(g, i, int(j))
            checked += 1
            (found.append(r) if r is not None else undecided.append(int(j)))
            if not exhaustive and k > 0 and len(found) >= 2 * k:
                break
            if progress is not None:
                progress(c + 1, order.size, "witness search")
        while undecided and (exhaustive or len(found) < k):
            if should_stop is not None and should_stop():
                return found, checked, len(undecided), True
            r = tieable(g, None, i, undecided[0])
            undecided.pop(0)
            if r.tieable:
                found.append(r)
            if progress is not None:
                progress(len(order) - len(undecided), len(order), "LP")
    except KeyboardInterrupt:
        return found, checked, len(undecided), True
    return found, checked, len(undecided), False


def _tie_cheap_only(g: HeadGeometry, i: int, j: int) -> TieResult | None:
    """The witness search for a tie, without the LP: a TieResult on success, else None."""
    t0 = time.perf_counter()
    if g.head_type == "softmax" and float(np.linalg.norm(g.W[i] - g.W[j])) == 0.0:
        return None  # leave the special cases to tieable()
    p = tie_problem(g, i, j)
    wit, method, _ = _cheap_search(p, 8, 0.25)
    if wit is None:
        return None
    r = TieResult(head_type=g.head_type, space=g.describe_space(), method=method, pair=(i, j))
    _finish(r, p, wit, t0)
    return r


def tieable_matrix(
    W: np.ndarray | HeadGeometry,
    b: np.ndarray | None = None,
    ids: Sequence[int] = (),
    *,
    box: float | None = None,
    space: SearchSpace | None = None,
    head_type: HeadType = "softmax",
) -> TieMatrix:
    """Tie-ability of every pair of the chosen labels (diagonal: argmaxability), with witnesses."""
    g = as_geometry(W, b, head_type, space, box)
    ids = [_check_index(g, i) for i in ids]
    n = len(ids)
    M = np.zeros((n, n), dtype=bool)
    pairs: dict[tuple[int, int], TieResult] = {}
    am: dict[int, ArgmaxResult] = {}
    for a in range(n):
        r = argmaxable(g, None, ids[a])
        am[ids[a]] = r
        M[a, a] = r.argmaxable
        for c in range(a + 1, n):
            if ids[a] == ids[c]:
                M[a, c] = M[c, a] = False
                continue
            t = tieable(g, None, ids[a], ids[c])
            pairs[(ids[a], ids[c])] = t
            M[a, c] = M[c, a] = t.tieable
    return TieMatrix(ids=ids, matrix=M, pairs=pairs, argmax=am, space=g.describe_space(), head_type=g.head_type)
