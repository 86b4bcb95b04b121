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

Exactness and tolerance: a pattern's cell is measured by its *relative margin*
ρ = max over hidden states x of min_k gap_k(x) / (|row_k|·|x|), rows and gaps taken in the
homogeneous coordinates (h, s/κ) (κ puts the bias on the scale of the rows) — the largest
angle by which a hidden state clears every inequality of the pattern. ρ does not change when
the rows are translated, permuted or scaled, and a pattern and its reversal have the same ρ in a
central arrangement. A pattern is **counted** when a witness with ρ ≥ `tolerance` is found
(default max(1e-7, 16 × the storage dtype's unit roundoff)); patterns whose best margin is
positive but below it — slivers opened by rounding an exactly degenerate design — are listed
apart as `within_tolerance` (the ones met, not an exhaustive list). Every witness is re-checked
by recomputing the logits in float64. Enumeration is a depth-first search over prefixes: an LP
(rows normalised, h in a box, tangent cuts toward the unit ball) bounds the margin of every
pattern that extends a prefix, and a prefix whose bound is below the tolerance is pruned;
random probes first witness many patterns so that LPs are needed mainly to rule prefixes out.
h is reduced to the span the logit differences can see (at most m − 1 dimensions for rankings,
m for sign vectors), so each LP is tiny. Without a bias the ranking set of a central
arrangement is closed under reversal (h → −h), and the result is made so explicitly.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from cosaudit.core.geometry import SearchSpace
from cosaudit.core.geometry.results import UNIT_ROUNDOFF
from cosaudit.errors import DataError

MAX_LABELS = 8
PatternKind = Literal["rankings", "sign_vectors"]
_NUMPY_STORAGE = {"float64": "F64", "float32": "F32", "float16": "F16", "bfloat16": "BF16"}


def default_tolerance(storage: str) -> float:
    """The relative margin a counted pattern must reach: max(1e-7, 16 × the dtype's unit roundoff)."""
    return max(1e-7, 16.0 * UNIT_ROUNDOFF.get(storage, 2.0**-24))


@dataclass
class PatternResult:
    """The rankings or sign vectors of the chosen labels whose margin clears the tolerance."""

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
    tolerance: float = 1e-7
    within_tolerance: list[tuple[int, ...]] = field(default_factory=list)
    margins: list[float] = field(default_factory=list)  # relative margin of each counted witness
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


def _lp_margin(R: np.ndarray, has_s: bool, cuts: list[np.ndarray]) -> tuple[float, np.ndarray]:
    """max t s.t. R̂ x + t ≤ 0 (R̂: unit rows), x in the box [-1, 1]^r × [0, 1], g·x ≤ 1 for each cut."""
    from scipy.optimize import linprog

    n = R.shape[1]
    norms = np.linalg.norm(R, axis=1)
    Rn = R / np.where(norms > 0, norms, 1.0)[:, None]
    A = np.hstack([Rn, np.ones((R.shape[0], 1))])
    b = np.zeros(R.shape[0])
    if cuts:
        A = np.vstack([A, np.hstack([np.array(cuts), np.zeros((len(cuts), 1))])])
        b = np.r_[b, np.ones(len(cuts))]
    c = np.zeros(n + 1)
    c[-1] = -1.0
    bounds = [(-1.0, 1.0)] * (n - 1) + [(0.0, 1.0) if has_s else (-1.0, 1.0)] + [(None, None)]
    res = linprog(c, A_ub=A, b_ub=b, bounds=bounds, method="highs")
    if res.status != 0 or res.x is None:
        return -math.inf, np.zeros(n)
    return float(res.x[-1]), np.asarray(res.x[:n])


class _Cells:
    """The chain rows of patterns in homogeneous coordinates x = (u, s/κ), and their margins."""

    def __init__(self, Wr: np.ndarray, bz: np.ndarray | None, kind: PatternKind) -> None:
        self.kind, self.m, self.r = kind, Wr.shape[0], Wr.shape[1]
        self.has_s = bz is not None
        if bz is not None:
            spread = (bz - bz.mean()) if kind == "rankings" else bz
            rms_h = float(np.sqrt(np.mean(np.einsum("ij,ij->i", Wr, Wr)))) or 1.0
            rms_b = float(np.sqrt(np.mean(spread**2))) or 1.0
            self.kappa = rms_h / rms_b
            self.X = np.hstack([Wr, (self.kappa * bz)[:, None]])
        else:
            self.kappa = 1.0
            self.X = Wr

    def rows(self, prefix: tuple[int, ...]) -> np.ndarray:
        """Rows R with R x < 0 for the pattern (or prefix): −gap_k = R_k · x."""
        X = self.X
        if self.kind == "sign_vectors":
            return np.array([-sg * X[k] for k, sg in enumerate(prefix)]).reshape(len(prefix), X.shape[1])
        pairs = list(itertools.pairwise(prefix))
        rest = [x for x in range(self.m) if x not in prefix]
        if rest and prefix:
            pairs += [(prefix[-1], x) for x in rest]
        return np.array([X[lo] - X[hi] for hi, lo in pairs]).reshape(len(pairs), X.shape[1])

    def to_x(self, u: np.ndarray) -> np.ndarray:
        return np.r_[u, 1.0 / self.kappa] if self.has_s else u

    def rho(self, R: np.ndarray, x: np.ndarray) -> float:
        """min_k (−R_k·x) / (|R_k||x|): the relative margin of x (negative when x is outside)."""
        nx = float(np.linalg.norm(x))
        norms = np.linalg.norm(R, axis=1)
        if nx == 0 or R.shape[0] == 0:
            return math.inf if R.shape[0] == 0 else -math.inf
        with np.errstate(divide="ignore", invalid="ignore"):
            g = np.where(norms > 0, -(R @ x) / (norms * nx), -math.inf)
        return float(g.min())

    def witness_u(self, x: np.ndarray, R: np.ndarray) -> np.ndarray | None:
        """u with s = 1 on the ray of x (or, when x has s = 0, far enough along it)."""
        if not self.has_s:
            return x
        u, xs = x[:-1], float(x[-1])
        if xs > 0:
            return u / (xs * self.kappa)
        # s = 0: move along u until the bias no longer matters (the homogeneous margin is positive)
        lam = 1.0
        for _ in range(60):
            cand = np.r_[lam * u, 1.0 / self.kappa]
            if np.all(R @ cand < 0):
                return lam * u
            lam *= 4.0
        return None

    def best(self, R: np.ndarray, tol: float, counter: list[int]) -> tuple[float, np.ndarray | None]:
        """(an upper bound on ρ, the best point found): stops as soon as ρ ≥ tol or the bound < tol."""
        cuts: list[np.ndarray] = []
        best_x: np.ndarray | None = None
        best_rho = -math.inf
        t = math.inf
        for _ in range(24):
            counter[0] += 1
            t, x = _lp_margin(R, self.has_s, cuts)
            if not math.isfinite(t) or t < tol:
                break
            rho = self.rho(R, x)
            if rho > best_rho:
                best_rho, best_x = rho, x
            if rho >= tol or float(np.linalg.norm(x)) <= 1.0 + 1e-9:
                break
            cuts.append(x / float(np.linalg.norm(x)))
        return t, best_x


def _validate(W: np.ndarray, ids: list[int], kind: str) -> None:
    if W.ndim != 2:
        raise DataError(f"the head must be a V x d matrix, got shape {W.shape}")
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


def _in_space(Ws: np.ndarray, bs: np.ndarray | None, space: SearchSpace, d: int):  # type: ignore[no-untyped-def]
    base = np.zeros(d)
    if space.kind == "affine":
        assert space.basis is not None
        base = np.zeros(d) if space.offset is None else space.offset
        shift = Ws @ base
        return Ws @ space.basis, (shift if bs is None else bs + shift), space.basis, base
    if space.kind == "box":
        raise DataError("patterns search all of R^d or an affine subspace, not a box")
    return Ws, bs, None, base


class _Search:
    """Patterns met so far: counted (ρ ≥ tol) with their witnesses, and those within tolerance."""

    def __init__(self, cells: _Cells, Wr: np.ndarray, bz: np.ndarray | None, tol: float) -> None:
        self.cells, self.Wr, self.bz, self.tol = cells, Wr, bz, tol
        self.found: dict[tuple[int, ...], tuple[np.ndarray, float]] = {}
        self.thin: dict[tuple[int, ...], float] = {}
        self.prefixes: set[tuple[int, ...]] = set()
        self.lp = [0]

    def logits(self, u: np.ndarray) -> np.ndarray:
        z = self.Wr @ u
        return np.asarray(z + self.bz if self.bz is not None else z)

    def pattern_of(self, z: np.ndarray) -> tuple[int, ...]:
        if self.cells.kind == "rankings":
            return tuple(int(x) for x in np.argsort(-z, kind="stable"))
        return tuple(1 if x > 0 else -1 for x in z)

    def offer(self, pat: tuple[int, ...], u: np.ndarray) -> None:
        """A candidate witness u (s = 1) of pattern pat: counted, within tolerance, or nothing."""
        if pat in self.found:
            return
        R = self.cells.rows(pat)
        rho = self.cells.rho(R, self.cells.to_x(u))
        if not rho > 0:
            return
        if rho >= self.tol:
            self.found[pat] = (u, rho)
            self.thin.pop(pat, None)
            self.prefixes.update(pat[:k] for k in range(1, len(pat) + 1))
        else:
            self.thin[pat] = max(rho, self.thin.get(pat, 0.0))

    def decide(self, pat: tuple[int, ...]) -> bool:
        """Settle a complete pattern by LP (with tangent cuts): True when counted."""
        if pat in self.found:
            return True
        R = self.cells.rows(pat)
        bound, x = self.cells.best(R, self.tol, self.lp)
        if x is not None:
            u = self.cells.witness_u(x, R)
            if u is not None:
                self.offer(pat, u)
        if pat not in self.found and bound > 0 and x is not None and self.cells.rho(R, x) > 0:
            self.thin.setdefault(pat, self.cells.rho(R, x))
        return pat in self.found

    def prefix_open(self, prefix: tuple[int, ...]) -> bool:
        """Can a counted pattern extend this prefix? (its LP margin bounds theirs)"""
        if prefix in self.prefixes:
            return True
        R = self.cells.rows(prefix)
        self.lp[0] += 1
        t, x = _lp_margin(R, self.cells.has_s, [])
        if t < self.tol:
            return False
        u = self.cells.witness_u(x, R)
        if u is not None:
            self.offer(self.pattern_of(self.logits(u)), u)
        return True


def _probe(search: _Search, m: int, r: int, probes: int, seed: int) -> None:
    """Random hidden states in the reduced space (bias at several scales), vectorised."""
    cells = search.cells
    if r == 0 and not cells.has_s:
        return
    rng = np.random.default_rng(seed)
    U = rng.standard_normal((probes, max(r, 1)))
    if r == 0:
        U[:] = 0.0
    zu = U @ search.Wr.T
    span = float(np.abs(zu).max(initial=0.0)) or 1.0
    bz = search.bz
    bsc = float(np.abs(bz).max(initial=0.0)) if bz is not None else 0.0
    factors = list(np.geomspace(1e-3, 1e3, 7) * (bsc / span if bsc > 0 else 1.0)) if bz is not None else [1.0]
    for f in factors:
        Z = f * zu + (bz[None, :] if bz is not None else 0.0)
        P = np.argsort(-Z, axis=1, kind="stable") if cells.kind == "rankings" else np.where(Z > 0, 1, -1)
        _, first = np.unique(P, axis=0, return_index=True)
        for idx in first:
            search.offer(tuple(int(x) for x in P[idx]), f * U[idx, :r])


def _full_rank(search: _Search, m: int) -> None:
    """Full rank: every pattern exists; solve for one witness of each directly."""
    kind = search.cells.kind
    targets = _all_patterns(m, kind)
    Tz = np.empty((len(targets), m))
    Wr, bz = search.Wr, search.bz
    if kind == "rankings":
        Tz[np.arange(len(targets))[:, None], np.array(targets)] = np.arange(m, 0, -1)
        M = np.hstack([Wr, np.ones((m, 1))])
    else:
        Tz[:] = np.array(targets, dtype=np.float64)
        M = Wr
    rhs = Tz - (bz[None, :] if bz is not None else 0.0)
    sol, *_ = np.linalg.lstsq(M, rhs.T, rcond=None)
    for pat, u in zip(targets, sol[: Wr.shape[1]].T, strict=True):
        search.offer(pat, u)


def _dfs(search: _Search, m: int, kind: PatternKind) -> None:
    full = m - 1 if kind == "rankings" else m

    def walk(prefix: tuple[int, ...]) -> None:
        if len(prefix) == full:
            search.decide(_complete(prefix, m, kind))
            return
        choices = [x for x in range(m) if x not in prefix] if kind == "rankings" else [1, -1]
        for x in choices:
            if search.prefix_open(prefix + (x,)):
                walk(prefix + (x,))

    walk(())


def _close_under_reversal(search: _Search) -> None:
    """A central arrangement: the cell of h and that of −h are mirror images (same margin)."""
    for pat, (u, rho) in list(search.found.items()):
        rev = pat[::-1]
        if rev not in search.found:
            search.found[rev] = (-u, rho)
            search.thin.pop(rev, None)
    for pat, rho in list(search.thin.items()):
        if pat[::-1] not in search.found:
            search.thin.setdefault(pat[::-1], rho)


def patterns(
    W: np.ndarray,
    b: np.ndarray | None,
    ids: list[int],
    *,
    kind: PatternKind = "rankings",
    space: SearchSpace | None = None,
    probes: int = 20000,
    seed: int = 0,
    tolerance: float | None = None,
    storage: str | None = None,
) -> PatternResult:
    """The feasible rankings (softmax) or sign vectors (sigmoid) of ≤ 8 labels (see the module doc)."""
    W = np.asarray(W)
    ids = [int(i) for i in ids]
    _validate(W, ids, kind)
    m = len(ids)
    tol = tolerance if tolerance is not None else default_tolerance(storage or _NUMPY_STORAGE.get(W.dtype.name, "F64"))
    Ws = np.asarray(W[ids], dtype=np.float64)
    if not np.isfinite(Ws).all():
        raise DataError("the chosen rows have NaN/Inf entries")
    bs = None if b is None else np.asarray(b, dtype=np.float64).ravel()[ids]
    d = Ws.shape[1]
    space = space or SearchSpace()
    Ws, bs, Bmap, base = _in_space(Ws, bs, space, d)
    if bs is not None and not np.any(bs - (bs[0] if kind == "rankings" else 0.0)):
        bs = None
    Q, Wr, r = _reduce(Ws, kind)
    search = _Search(_Cells(Wr, bs, kind), Wr, bs, tol)
    possible = math.factorial(m) if kind == "rankings" else 2**m
    if m == 1 and kind == "rankings":
        search.found[(0,)] = (np.zeros(r), math.inf)
    else:
        if r >= (m - 1 if kind == "rankings" else m) and m > 1:
            _full_rank(search, m)
        if len(search.found) < possible:
            _probe(search, m, r, probes, seed)
        if len(search.found) < possible:
            _dfs(search, m, kind)
    if kind == "rankings" and bs is None:
        _close_under_reversal(search)
    return _result(
        search, kind, ids, possible, bs is not None, space.describe(d), probes, seed, r, tol, (Q, Bmap, base)
    )


def _result(
    search: _Search,
    kind: PatternKind,
    ids: list[int],
    possible: int,
    has_s: bool,
    desc: str,
    probes: int,
    seed: int,
    r: int,
    tol: float,
    mapping: tuple[np.ndarray, np.ndarray | None, np.ndarray],
) -> PatternResult:
    local = sorted(search.found)
    name: Callable[[tuple[int, ...]], tuple[int, ...]] = (
        (lambda p: tuple(ids[x] for x in p)) if kind == "rankings" else (lambda p: tuple(p))
    )
    what = "rankings" if kind == "rankings" else "sign vectors"
    if len(local) == possible:
        statement = f"all {possible} {what} are possible: these labels constrain nothing"
    else:
        statement = f"{len(local)} of {possible} {what} are possible"
    thin = sorted(p for p in search.thin if p not in search.found)
    notes = []
    if kind == "sign_vectors":
        notes.append("sign vectors of W h + b (bias included)" if has_s else "sign vectors of W h (no bias)")
    if thin:
        notes.append(
            f"{len(thin)} more {what} exist only within the tolerance (relative margin below {tol:.2g}: "
            "slivers such as rounding opens in an exactly degenerate design); listed apart, not counted"
        )
    wits = np.array([search.found[p][0] for p in local]).reshape(len(local), r)
    return PatternResult(
        kind=kind,
        ids=ids,
        patterns=[name(p) for p in local],
        reduced_witnesses=wits,
        count=len(local),
        possible=possible,
        bias=has_s,
        space=desc,
        lp_solves=search.lp[0],
        probes=probes,
        seed=seed,
        rank=r,
        statement=statement,
        notes=notes,
        tolerance=tol,
        within_tolerance=[name(p) for p in thin],
        margins=[search.found[p][1] for p in local],
        _map=mapping,
    )


def _all_patterns(m: int, kind: PatternKind) -> list[tuple[int, ...]]:
    if kind == "rankings":
        return list(itertools.permutations(range(m)))
    return list(itertools.product((1, -1), repeat=m))


def _complete(prefix: tuple[int, ...], m: int, kind: PatternKind) -> tuple[int, ...]:
    if kind == "rankings" and len(prefix) == m - 1:
        return prefix + tuple(x for x in range(m) if x not in prefix)
    return prefix
