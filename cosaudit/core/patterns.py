"""Which outcomes a few labels can show: ranking patterns (softmax) and sign vectors (sigmoid).

For labels S = (s_1 … s_m), m ≤ 8, with logits z = W_S h + b_S:

- **rankings** (softmax): the orders π of S with z_{π_1} > z_{π_2} > … > z_{π_m} for some h —
  the paper's ranking pattern (v2 Def. 5.4) of the sub-head W_S. Only the chosen labels are
  ranked; the other labels of the head are ignored. Determined by the cosines of the
  *differences* of rows (v2 Thm 5.6), not by the cosines of the rows (Thm 5.5).
- **sign vectors** (sigmoid): the σ ∈ {+1, −1}^m with σ_k z_k > 0 for every k — the label
  combinations the multi-label head can predict (v2 Def. 5.1). The bias is included when one
  is given (a sigmoid head's logits include it); pass ``b=None`` for the paper's sign(W x),
  which is how the paper's counts (10 / 8 / 8 in the unrestricted example) are defined.
  Zero logits are not allowed (as in the paper), so a zero row without bias makes every sign
  vector infeasible.

Exactness: a pattern is in the set iff the LP over its chain of strict inequalities has a
positive optimum (rows normalised, h boxed, t uncapped), and each listed pattern carries a
witness h re-checked by recomputing the logits. Enumeration is a depth-first search over
prefixes (a prefix that is infeasible prunes every pattern that extends it); random probes
first witness many patterns so that LPs are needed mainly to rule prefixes out. h is reduced
to the span the logit differences can see (at most m − 1 dimensions for rankings, m for
sign vectors), so each LP is tiny.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from cosaudit.core.geometry import LP_MARGIN_TOL, SearchSpace
from cosaudit.errors import DataError

MAX_LABELS = 8
PatternKind = Literal["rankings", "sign_vectors"]


@dataclass
class PatternResult:
    """The exact set of feasible rankings or sign vectors of the chosen labels."""

    kind: PatternKind
    ids: list[int]
    patterns: list[tuple[int, ...]]  # rankings: label ids, most likely first; sign vectors: ±1
    reduced_witnesses: np.ndarray  # n × r: one witness per pattern, in the reduced coordinates
    count: int
    possible: int  # m! or 2^m
    bias: bool  # whether the bias was part of the logits
    space: str
    lp_solves: int
    probes: int
    seed: int
    rank: int  # dimension of the span the logits see
    statement: str = ""
    notes: list[str] = field(default_factory=list)
    _map: tuple[np.ndarray, np.ndarray | None, np.ndarray] | None = field(default=None, repr=False)

    def witness(self, k: int) -> np.ndarray:
        """The witness h (original hidden space) of pattern k: logits W h + b show pattern k."""
        assert self._map is not None
        Q, B, base = self._map
        h = Q @ self.reduced_witnesses[k]
        _ret: np.ndarray = base + (h if B is None else B @ h)
        return _ret


def _reduce(Ws: np.ndarray, kind: PatternKind) -> tuple[np.ndarray, np.ndarray, int]:
    """An orthonormal basis Q (d × r) of what the logits (differences) can see, and W_S Q."""
    A = Ws - Ws[0] if kind == "rankings" else Ws
    if A.shape[0] == 0 or not np.any(A):
        Q = np.zeros((Ws.shape[1], 1))
        return Q, Ws @ Q, 0
    _, sv, vt = np.linalg.svd(A, full_matrices=False)
    tol = sv.max() * max(A.shape) * np.finfo(np.float64).eps * 16
    r = int((sv > tol).sum())
    Q = vt[:r].T
    return Q, Ws @ Q, r


def _lp_chain(A: np.ndarray, a_s: np.ndarray, has_s: bool) -> tuple[float, np.ndarray, float]:
    """max t s.t. A u + a_s s + t ≤ 0, u ∈ [-1, 1]^r, s ∈ [0, 1]: (t*, u, s)."""
    from scipy.optimize import linprog

    r = A.shape[1]
    if has_s:
        rms_h = float(np.sqrt(np.mean(np.einsum("ij,ij->i", A, A)))) or 1.0
        rms_s = float(np.sqrt(np.mean(a_s**2))) or 1.0
        kappa = rms_h / rms_s
        M = np.hstack([A, (a_s * kappa)[:, None]])
    else:
        kappa = 1.0
        M = A
    norms = np.linalg.norm(M, axis=1)
    M = M / np.where(norms > 0, norms, 1.0)[:, None]
    M = np.hstack([M, np.ones((M.shape[0], 1))])
    n = M.shape[1]
    c = np.zeros(n)
    c[-1] = -1.0
    bounds = [(-1.0, 1.0)] * r + ([(0.0, 1.0)] if has_s else []) + [(None, None)]
    res = linprog(c, A_ub=M, b_ub=np.zeros(M.shape[0]), bounds=bounds, method="highs")
    if res.status != 0 or res.x is None:
        return -math.inf, np.zeros(r), 0.0
    s = float(res.x[r]) * kappa if has_s else 0.0
    return float(res.x[-1]), res.x[:r], s


def _lambda_witness(mh: np.ndarray, mb: np.ndarray) -> float | None:
    """λ > 0 with λ·mh + mb > 0 elementwise, or None."""
    scale = float(np.abs(mh).max(initial=0.0))
    tiny = 1e-12 * max(scale, 1e-300)
    pos, neg = mh > tiny, mh < -tiny
    zer = ~(pos | neg)
    if np.any(zer & (mb <= 0)):
        return None
    lo = max(0.0, float(np.max(-mb[pos] / mh[pos], initial=0.0)))
    hi = float(np.min(mb[neg] / -mh[neg], initial=math.inf))
    if not lo < hi:
        return None
    return 2.0 * lo + 1.0 if math.isinf(hi) else 0.5 * (lo + hi)


def patterns(
    W: np.ndarray,
    b: np.ndarray | None,
    ids: list[int],
    *,
    kind: PatternKind = "rankings",
    space: SearchSpace | None = None,
    probes: int = 20000,
    seed: int = 0,
) -> PatternResult:
    """The exact set of feasible rankings (softmax) or sign vectors (sigmoid) of ≤ 8 labels."""
    W = np.asarray(W)
    if W.ndim != 2:
        raise DataError(f"the head must be a V x d matrix, got shape {W.shape}")
    ids = [int(i) for i in ids]
    m = len(ids)
    if m < 1:
        raise DataError("patterns need at least one label")
    if m > MAX_LABELS:
        raise DataError(
            f"patterns are enumerated for at most {MAX_LABELS} labels, got {m}",
            hint="choose fewer labels (the number of patterns grows like m!)",
        )
    if len(set(ids)) != m:
        raise DataError(f"labels repeat in {ids}", hint="give each label once")
    for i in ids:
        if not 0 <= i < W.shape[0]:
            raise DataError(f"label id {i} is out of range for a head with {W.shape[0]} rows")
    if kind not in ("rankings", "sign_vectors"):
        raise DataError(f"unknown pattern kind {kind!r}")
    Ws = np.asarray(W[ids], dtype=np.float64)
    if not np.isfinite(Ws).all():
        raise DataError("the chosen rows have NaN/Inf entries")
    bs = None if b is None else np.asarray(b, dtype=np.float64).ravel()[ids]
    d = Ws.shape[1]
    space = space or SearchSpace()
    desc = space.describe(d)
    base = np.zeros(d)
    Bmap: np.ndarray | None = None
    if space.kind == "affine":
        assert space.basis is not None
        Bmap = space.basis
        base = np.zeros(d) if space.offset is None else space.offset
        shift = Ws @ base
        bs = shift if bs is None else bs + shift
        Ws = Ws @ Bmap
    elif space.kind == "box":
        raise DataError("patterns search all of R^d or an affine subspace, not a box")
    if bs is not None and not np.any(bs - (bs[0] if kind == "rankings" else 0.0)):
        bs_eff = None
    else:
        bs_eff = bs
    Q, Wr, r = _reduce(Ws, kind)
    has_s = bs_eff is not None
    bz: np.ndarray = bs_eff if bs_eff is not None else np.zeros(m)

    def logits(u: np.ndarray, s: float) -> np.ndarray:
        z = Wr @ u
        out: np.ndarray = z + s * bz if has_s else z
        return out

    row_scale = float(np.abs(Ws).max(initial=0.0)) or 1.0

    def gaps_ok(z: np.ndarray, pat: tuple[int, ...], u: np.ndarray, s: float) -> bool:
        tol = (
            64
            * max(d, 1)
            * np.finfo(np.float64).eps
            * (
                row_scale * math.sqrt(d) * float(np.linalg.norm(Q @ u))
                + (abs(s) * float(np.abs(bz).max()) if has_s else 0.0)
                + 1e-300
            )
        )
        if kind == "rankings":
            zz = z[list(pat)]
            return bool(np.all(zz[:-1] - zz[1:] > tol))
        return bool(np.all(np.asarray(pat) * z > tol))

    def pattern_of(z: np.ndarray) -> tuple[int, ...]:
        if kind == "rankings":
            return tuple(int(x) for x in np.argsort(-z, kind="stable"))
        return tuple(1 if x > 0 else -1 for x in z)

    found: dict[tuple[int, ...], np.ndarray] = {}  # local indices → u-witness (with s = 1)
    prefixes: set[tuple[int, ...]] = set()

    def add(pat: tuple[int, ...], u: np.ndarray) -> None:
        if pat not in found:
            found[pat] = u
            for k in range(1, len(pat) + 1):
                prefixes.add(pat[:k])

    possible = math.factorial(m) if kind == "rankings" else 2**m
    # 0. full rank: every pattern is possible; solve for a witness of each directly
    need = m - 1 if kind == "rankings" else m
    if r >= need and m > 1:
        targets = _all_patterns(m, kind)
        Tz = np.empty((len(targets), m))
        if kind == "rankings":
            Tz[np.arange(len(targets))[:, None], np.array(targets)] = np.arange(m, 0, -1)
            M = np.hstack([Wr, np.ones((m, 1))])
        else:
            Tz[:] = np.array(targets, dtype=np.float64)
            M = Wr
        rhs = Tz - (bz[None, :] if has_s else 0.0)
        sol, *_ = np.linalg.lstsq(M, rhs.T, rcond=None)
        Us = sol[: Wr.shape[1]].T
        Zs = Us @ Wr.T + (bz[None, :] if has_s else 0.0)
        for pat, u, z in zip(targets, Us, Zs, strict=True):
            if gaps_ok(z, pat, u, 1.0):
                add(pat, u)
    # 1. random probes (in the reduced space; bias at several scales), vectorised
    rng = np.random.default_rng(seed)
    if len(found) < possible and (r > 0 or has_s):
        U = rng.standard_normal((probes, max(r, 1)))
        if r == 0:
            U[:] = 0.0
        zu = U @ Wr.T
        span = float(np.abs(zu).max(initial=0.0)) or 1.0
        bsc = float(np.abs(bz).max(initial=0.0)) if has_s else 0.0
        factors = list(np.geomspace(1e-3, 1e3, 7) * (bsc / span if bsc > 0 else 1.0)) if has_s else [1.0]
        for f in factors:
            Z = f * zu + (bz[None, :] if has_s else 0.0)
            if kind == "rankings":
                P = np.argsort(-Z, axis=1, kind="stable")
            else:
                P = np.where(Z > 0, 1, -1)
            _, first = np.unique(P, axis=0, return_index=True)
            for idx in first:
                pat = tuple(int(x) for x in P[idx])
                if pat not in found and gaps_ok(Z[idx], pat, f * U[idx, :r], 1.0):
                    add(pat, f * U[idx, :r])
    # 2. depth-first search over prefixes, LP where no probe has witnessed the prefix
    lp_solves = 0
    full = m - 1 if kind == "rankings" else m

    def witnessed(prefix: tuple[int, ...]) -> bool:
        return prefix in prefixes

    def chain_rows(prefix: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
        rows_h, rows_s = [], []
        if kind == "rankings":
            rest = [x for x in range(m) if x not in prefix]
            pairs = list(zip(prefix[:-1], prefix[1:], strict=False))
            if rest:
                pairs += [(prefix[-1], x) for x in rest]
            for hi, lo in pairs:  # z_hi − z_lo ≥ t  ⇔  (w_lo − w_hi)u + (b_lo − b_hi)s + t ≤ 0
                rows_h.append(Wr[lo] - Wr[hi])
                rows_s.append((bz[lo] - bz[hi]) if has_s else 0.0)
        else:
            for k, sg in enumerate(prefix):
                rows_h.append(-sg * Wr[k])
                rows_s.append(-sg * bz[k] if has_s else 0.0)
        return np.array(rows_h).reshape(len(rows_h), Wr.shape[1]), np.array(rows_s)

    def feasible(prefix: tuple[int, ...]) -> bool:
        nonlocal lp_solves
        if witnessed(prefix):
            return True
        A, a_s = chain_rows(prefix)
        lp_solves += 1
        t, u, s = _lp_chain(A, a_s, has_s)
        if t <= 0:
            return False
        # turn the homogeneous solution into a witness with s = 1 for complete patterns
        mh = -(A @ u)
        mb = -a_s if has_s else np.zeros(len(a_s))
        lam = _lambda_witness(mh, mb)
        if lam is None:
            return t > LP_MARGIN_TOL  # a prefix may still be feasible; leaves are re-checked
        uu = lam * u
        z = logits(uu, 1.0)
        if len(prefix) == full:
            pat = _complete(prefix, m, kind)
            if gaps_ok(z, pat, uu, 1.0):
                add(pat, uu)
                return True
            return False
        found_prefix = pattern_of(z)
        if found_prefix[: len(prefix)] == prefix and gaps_ok(z, found_prefix, uu, 1.0):
            add(found_prefix, uu)
        return True

    def dfs(prefix: tuple[int, ...]) -> None:
        if len(prefix) == full:
            if _complete(prefix, m, kind) not in found:
                feasible(prefix)
            return
        choices = [x for x in range(m) if x not in prefix] if kind == "rankings" else [1, -1]
        for x in choices:
            nxt = prefix + (x,)
            if feasible(nxt):
                dfs(nxt)

    if m == 1 and kind == "rankings":
        add((0,), np.zeros(r))
    elif len(found) < possible:
        dfs(())
    pats_local = sorted(found)
    if kind == "rankings":
        out = [tuple(ids[x] for x in p) for p in pats_local]
    else:
        out = [tuple(p) for p in pats_local]
    wits = np.array([found[p] for p in pats_local]).reshape(len(pats_local), r)
    if len(out) == possible:
        statement = (
            f"all {possible} {'rankings' if kind == 'rankings' else 'sign vectors'} are "
            "possible: these labels constrain nothing"
        )
    else:
        what = "rankings" if kind == "rankings" else "sign vectors"
        statement = f"{len(out)} of {possible} {what} are possible"
    notes = []
    if kind == "sign_vectors":
        notes.append("sign vectors of W h + b (bias included)" if has_s else "sign vectors of W h (no bias)")
    return PatternResult(
        kind=kind,
        ids=ids,
        patterns=out,
        reduced_witnesses=wits,
        count=len(out),
        possible=possible,
        bias=has_s,
        space=desc,
        lp_solves=lp_solves,
        probes=probes,
        seed=seed,
        rank=r,
        statement=statement,
        notes=notes,
        _map=(Q, Bmap, base),
    )


def _all_patterns(m: int, kind: PatternKind) -> list[tuple[int, ...]]:
    import itertools

    if kind == "rankings":
        return list(itertools.permutations(range(m)))
    return list(itertools.product((1, -1), repeat=m))


def _complete(prefix: tuple[int, ...], m: int, kind: PatternKind) -> tuple[int, ...]:
    if kind == "rankings" and len(prefix) == m - 1:
        return prefix + tuple(x for x in range(m) if x not in prefix)
    return prefix
