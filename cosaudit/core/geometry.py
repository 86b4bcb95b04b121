"""What a head *can* say, exactly: argmaxable labels and tie-able pairs (design.md §1).

For a softmax head with logits z = W h + b:

- label i is **argmaxable** when ∃h: z_i > z_k for every k ≠ i;
- labels i, j are **tie-able** when ∃h: z_i = z_j and z_i > z_k for every k ∉ {i, j}.

Both are invariant under translating every row, under every invertible linear map of the hidden
space (bias included) and under the rescaling symmetry, which is why they are honest where the
cosine is not. Unbiased, "argmaxable" means w_i is a vertex of conv(W) and "tie-able" means
[w_i, w_j] is an edge of it.

For a sigmoid (multi-label) head there is no competition between labels; the analogues used
here are:

- **argmaxable (sigmoid)**: label i can be predicted *alone*: ∃h with z_i > 0 and z_k < 0 for
  every k ≠ i (the sign vector e_i is feasible);
- **tie-able (sigmoid)**: labels i and j can be predicted *together and alone*: ∃h with z_i > 0,
  z_j > 0 and z_k < 0 for every other k.

(That a single label can be on at all is trivial — z_i > 0 somewhere — unless its row is zero.)

How an answer is found:

1. A cheap witness search: an affinely equivariant direction (the whitened row of the label:
   Σ⁺(w_i − μ), Σ the covariance of the rows), then a few relaxation steps that push h across
   the hyperplanes of the labels still winning (Cimmino projections).
2. Otherwise an exact LP (scipy's HiGHS) solved by constraint generation: the LP keeps only
   the most threatening labels, one matrix–vector product over the whole head finds the
   labels its solution violates, they are added, and the LP is solved again. A restricted LP
   that is already infeasible settles "no"; a solution that beats every label settles "yes".

The LP is homogeneous: variables (h, s, t) with z = W h + b s, h boxed, s ∈ [0, 1], and the
margin t left uncapped (maximised); capping t as well makes the LP degenerate and very slow.
Because there are finitely many constraints, a solution with s = 0 and t > 0 still gives a
witness (h scaled up until the bias no longer matters), so the search space is all of R^d.

Every "yes" carries a witness h whose logits are recomputed in float64 over all labels and
must show the claimed order beyond a rounding tolerance that scales with |W|·|h| + |b|. Every
"no" carries the LP's optimum (t ≤ tolerance) and its dual: non-negative weights on a few
labels that dominate the label (for softmax: w_i is, up to the stated residual, a convex
combination of those rows, with no larger bias).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

from cosaudit.errors import DataError

HeadType = Literal["softmax", "sigmoid"]
ProgressFn = Callable[[int, int, str], None]

# An LP optimum t above this (rows normalised to unit length, h in [-1, 1]) is a candidate yes;
# at or below it the answer is "no" (HiGHS' own feasibility tolerance is 1e-7).
LP_MARGIN_TOL = 1e-6
# an LP optimum at or below this is "no" outright; between the two, constraint generation goes
# on a few rounds (a witness that re-checks still proves "yes")
LP_ZERO = 1e-9
# rows closer than this (relative to the largest row-difference scale) are duplicates
DUPLICATE_RTOL = 1e-9


# ----------------------------------------------------------------------------- search spaces


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
    return rows


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


# ----------------------------------------------------------------------------- results


@dataclass
class Certificate:
    """Why the answer is "no": the LP's status and optimum, and its dual weights on labels.

    For softmax, `weights` are convex weights λ_k (summing to 1) such that w_i ≈ Σ λ_k w_k and
    b_i ≤ Σ λ_k b_k: label i is dominated by that mixture. `residual` is |w_i − Σ λ_k w_k|
    relative to the rows' scale. For special cases (`kind` "duplicate", "parallel",
    "zero-row") the weights name the label responsible.
    """

    kind: str  # "lp-dual", "duplicate", "parallel", "zero-row", "infeasible-space"
    lp_status: str | None = None
    lp_optimum: float | None = None
    weights: dict[int, float] = field(default_factory=dict)
    residual: float | None = None
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "lp_status": self.lp_status,
            "lp_optimum": self.lp_optimum,
            "weights": {str(k): v for k, v in sorted(self.weights.items())},
            "residual": self.residual,
            "note": self.note,
        }


@dataclass
class Answer:
    """Common fields of an argmaxable / tie-able answer."""

    head_type: HeadType
    space: str  # the search space, in words
    method: str  # "trivial", "witness:whitened", "witness:relaxation", "lp", "duplicate", ...
    witness: np.ndarray | None = None  # h in the original hidden space (float64)
    margin: float | None = None  # min logit gap at the witness (logit units)
    rel_margin: float | None = None  # margin / (max − min logit) at the witness, in (0, 1]
    certificate: Certificate | None = None
    lp_rounds: int = 0
    lp_constraints: int = 0
    seconds: float = 0.0
    note: str = ""


@dataclass
class ArgmaxResult(Answer):
    """Can label `label` be the (strict) top prediction?  (sigmoid: predicted alone?)"""

    label: int = -1
    argmaxable: bool = False

    @property
    def answer(self) -> bool:
        return self.argmaxable


@dataclass
class TieResult(Answer):
    """Can labels `pair` share the top with every other label strictly below?"""

    pair: tuple[int, int] = (-1, -1)
    tieable: bool = False

    @property
    def answer(self) -> bool:
        return self.tieable


@dataclass
class BatchResult:
    """Argmaxable answers for many labels; `complete` is False when interrupted."""

    results: dict[int, ArgmaxResult]
    requested: list[int]
    complete: bool
    space: str
    head_type: HeadType
    seconds: float
    methods: dict[str, int]

    @property
    def not_argmaxable(self) -> list[int]:
        return sorted(i for i, r in self.results.items() if not r.argmaxable)


@dataclass
class NeighbourResult:
    """Tie-able neighbours of one label, ordered by witness margin (largest first)."""

    label: int
    neighbours: list[TieResult]
    candidates_checked: int
    candidates_considered: int
    exhaustive: bool
    space: str
    head_type: HeadType
    seconds: float
    note: str = ""


@dataclass
class TieMatrix:
    """Yes/no tie-ability for chosen labels; the diagonal holds argmaxability."""

    ids: list[int]
    matrix: np.ndarray  # bool n × n
    pairs: dict[tuple[int, int], TieResult]
    argmax: dict[int, ArgmaxResult]
    space: str
    head_type: HeadType


# ----------------------------------------------------------------------------- the head


class HeadGeometry:
    """A head prepared for many checks: float64 rows, norms, whitening (computed once)."""

    def __init__(
        self,
        W: np.ndarray,
        b: np.ndarray | None = None,
        *,
        head_type: HeadType = "softmax",
        space: SearchSpace = ALL,
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
            if self.head_type == "softmax":
                X = self.W - self.mu
            else:
                X = self.W
            cov = (X.T @ X) / max(self.V, 1)
            evals, evecs = np.linalg.eigh(cov)
            top = evals.max() if evals.size else 0.0
            keep = evals > max(top, 1e-300) * 1e-10
            inv = np.zeros_like(evals)
            inv[keep] = 1.0 / evals[keep]
            self._white = (evecs * inv) @ evecs.T
        return self._white

    def w32(self) -> np.ndarray:
        if self._w32 is None:
            self._w32 = self.W.astype(np.float32)
        return self._w32

    def check_tol(self, h: np.ndarray, s: float = 1.0) -> float:
        """Rounding tolerance for recomputed logit differences at h (float64)."""
        mag = math.sqrt(float(self.sq.max())) * float(np.linalg.norm(h))
        if self.b is not None:
            mag += abs(s) * float(np.abs(self.b).max())
        _ret: float = 64.0 * self.d * np.finfo(np.float64).eps * max(mag, np.finfo(np.float64).tiny)
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


# ----------------------------------------------------------------------------- one problem


class _Problem:
    """One feasibility question: a target set T and the constraints it implies.

    softmax: z_ref − z_k ≥ t for k ∉ T, and z_ref = z_j for j ∈ T (ties).
    sigmoid: σ_k z_k ≥ t for all k, σ = +1 on T and −1 elsewhere.
    Margins are linear in (h, s): m(h, s) = m_h(h) + s·m_b.
    """

    def __init__(self, g: HeadGeometry, target: Sequence[int]) -> None:
        self.g = g
        self.T = [int(x) for x in target]
        self.ref = self.T[0]
        self.sigmoid = g.head_type == "sigmoid"
        mask = np.ones(g.V, dtype=bool)
        if not self.sigmoid:
            mask[self.T] = False
        self.mask = mask  # labels that are constrained
        if self.sigmoid:
            self.sign = -np.ones(g.V)
            self.sign[self.T] = 1.0
            self.m_b = np.zeros(g.V) if g.b is None else self.sign * g.b
            self.row_norm = np.sqrt(g.sq)
        else:
            self.m_b = np.zeros(g.V) if g.b is None else g.b[self.ref] - g.b
            dots = g.W @ g.W[self.ref]
            self.row_norm = np.sqrt(np.maximum(g.sq - 2.0 * dots + g.sq[self.ref], 0.0))
        # ties: equality rows (h part, bias part)
        self.eq: list[tuple[np.ndarray, float]] = []
        if not self.sigmoid:
            for j in self.T[1:]:
                eh = g.W[self.ref] - g.W[j]
                eb = 0.0 if g.b is None else float(g.b[self.ref] - g.b[j])
                self.eq.append((eh, eb))

    def m_h(self, h: np.ndarray) -> np.ndarray:
        z = self.g.W @ h
        out: np.ndarray = self.sign * z if self.sigmoid else z[self.ref] - z
        return out

    def rows(self, K: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Constraint rows a_k (h part) and a_s (bias part) with a_k·h + a_s·s + t ≤ 0."""
        g = self.g
        if self.sigmoid:
            A = -self.sign[K, None] * g.W[K]
        else:
            A = g.W[K] - g.W[self.ref]
        return A, -self.m_b[K]

    def verify(self, h: np.ndarray, s: float = 1.0) -> tuple[bool, float, float]:
        """Recompute all logits at (h, s): (holds, min margin, relative margin)."""
        g = self.g
        z = g.logits(h, s)
        tol = g.check_tol(h, s)
        if g.space.kind == "box":
            assert g.space.radius is not None
            if np.abs(h).max() > g.space.radius * (1 + 1e-12):
                return False, -math.inf, -math.inf
        if self.sigmoid:
            m = self.sign * z
        else:
            m = z[self.ref] - z
            for j in self.T[1:]:
                if abs(z[self.ref] - z[j]) > tol:
                    return False, -math.inf, -math.inf
            m = m[self.mask]
        if m.size == 0:
            return True, math.inf, 1.0
        mmin = float(m.min())
        spread = float(z.max() - z.min()) if not self.sigmoid else float(np.abs(z).max())
        ok = mmin > tol
        rel = mmin / spread if spread > 0 else 0.0
        return ok, mmin, rel

    def project_eq(self, h: np.ndarray, s: float = 1.0) -> np.ndarray:
        """Project h onto the tie hyperplanes (exactly, in float64)."""
        for eh, eb in self.eq:
            nn = float(eh @ eh)
            if nn > 0:
                h = h - ((eh @ h + eb * s) / nn) * eh
        return h

    def scale_direction(self, h: np.ndarray) -> tuple[np.ndarray, bool]:
        """Choose λ > 0 so that λh (with s = 1) satisfies every strict constraint, if possible.

        Returns (λh projected on the tie planes, found). Without a bias λ only rescales.
        With ties, h is first put on the homogeneous tie planes and the witness is λh + o,
        o the point of the tie planes (with s = 1) nearest the origin, so that the interval
        for λ is computed for exactly the point returned.
        """
        h = self.project_eq(h, 0.0)
        off = self.project_eq(np.zeros_like(h), 1.0) if self.eq else np.zeros_like(h)
        mh = self.m_h(h)[self.mask]
        mb = self.m_b[self.mask]
        if self.eq:
            mb = mb + self.m_h(off)[self.mask]
        nrm = float(np.linalg.norm(h))
        if nrm == 0:
            return h, False
        tiny = 1e-12 * max(float(np.abs(mh).max(initial=0.0)), 1e-300)
        pos = mh > tiny
        neg = mh < -tiny
        zer = ~(pos | neg)
        if np.any(zer & (mb <= 0)):
            return h, False
        lo = 0.0
        if np.any(pos):
            lo = max(0.0, float((-mb[pos] / mh[pos]).max()))
        hi = math.inf
        if np.any(neg):
            hi = float((mb[neg] / -mh[neg]).min())
        if self.g.space.kind == "box":
            assert self.g.space.radius is not None
            hi = min(hi, self.g.space.radius / float(np.abs(h).max()))
        if not lo < hi:
            return h, False
        if math.isinf(hi):
            if self.g.b is None and not self.eq:
                lam = 1.0 / nrm
            else:
                lam = max(2.0 * lo, lo + 1.0 / nrm)
        else:
            lam = 0.5 * (lo + hi)
        return lam * h + off, True

    def threats(self, h: np.ndarray, n: int) -> np.ndarray:
        """The n labels with the smallest normalised margin at (h, s = 1)."""
        m = self.m_h(h) + self.m_b
        with np.errstate(divide="ignore", invalid="ignore"):
            norm = np.where(self.row_norm > 0, self.row_norm, 1.0)
            score = m / norm
        score = np.where(self.mask, score, np.inf)
        n = min(n, int(self.mask.sum()))
        if n <= 0:
            return np.zeros(0, dtype=np.int64)
        idx = np.argpartition(score, n - 1)[:n]
        return idx[np.argsort(score[idx])]


def _start_direction(p: _Problem) -> np.ndarray:
    """Whitened direction of the target set (affinely equivariant), on the tie planes."""
    g = p.g
    P = g.whitener()
    centre = g.W[p.T].mean(axis=0)
    if g.head_type == "softmax":
        h = P @ (centre - g.mu)
    else:
        # sigmoid: the on-labels against the mean of the others
        h = P @ centre
    return p.project_eq(h, 0.0)


def _cheap_search(p: _Problem, iters: int, budget_s: float) -> tuple[np.ndarray | None, str, np.ndarray]:
    """Try to find a witness cheaply. Returns (witness or None, method, best direction)."""
    g = p.g
    t0 = time.perf_counter()
    h = _start_direction(p)
    if not np.any(h):
        h = p.project_eq(np.random.default_rng(0).standard_normal((g.d,)), 0.0)
    best = h
    cand, ok = p.scale_direction(h)
    if ok and p.verify(cand)[0]:
        return cand, "witness:whitened", h
    # relaxation: Cimmino steps across the hyperplanes of the labels still winning (direction
    # only: bias handled by scale_direction)
    Tn = p.T
    for _ in range(iters):
        if time.perf_counter() - t0 > budget_s:
            break
        mh = p.m_h(h)
        scale = float(np.linalg.norm(h)) or 1.0
        viol = np.flatnonzero(p.mask & (mh <= 1e-3 * scale * p.row_norm))
        if viol.size == 0:
            cand, ok = p.scale_direction(h)
            if ok and p.verify(cand)[0]:
                return cand, "witness:relaxation", h
            break
        # most violated first (normalised), at most 64 at a time
        with np.errstate(divide="ignore", invalid="ignore"):
            score = mh[viol] / np.where(p.row_norm[viol] > 0, p.row_norm[viol], 1.0)
        if viol.size > 64:
            sel = np.argpartition(score, 63)[:64]
            viol = viol[sel]
        A, _ = p.rows(viol)  # a_k = direction that increases z_k relative to the target
        nn = np.einsum("ij,ij->i", A, A)
        good = nn > 0
        if not np.any(good):
            break
        A, nn, viol_g = A[good], nn[good], viol[good]
        target = 0.05 * scale * np.sqrt(nn)  # aim a little past each hyperplane
        step = ((target - mh[viol_g]) / nn)[:, None] * (-A)
        h = p.project_eq(h + step.mean(axis=0) * 1.5, 0.0)
        best = h
    _ = Tn
    cand, ok = p.scale_direction(best)
    if ok and p.verify(cand)[0]:
        return cand, "witness:relaxation", best
    return None, "", best


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
        rms_h = float(np.sqrt(np.mean(sq))) or 1.0
        rms_s = float(np.sqrt(np.mean(a_s**2))) or 1.0
        kappa = rms_h / rms_s
        norms = np.sqrt(sq + (a_s * kappa) ** 2)
    else:
        kappa = 1.0
        norms = np.sqrt(sq)
    return kappa, np.where(norms > 0, norms, 1.0)


def _solve_lp(p: _Problem, K: np.ndarray) -> _LPOut:
    """Maximise the smallest normalised margin t over the constraints of K.

    Whole space (homogeneous): rows â_k = a_k/|a_k|, variables h free, s ≥ 0, t free, with the
    normalisation Σ_k (−â_k)·(h, s) = |K| (the mean margin is 1). Any strictly feasible point
    can be scaled to meet it, so t* > 0 iff the strict system is feasible; and unlike a box on
    h, it keeps h = 0 out, so an interior label gives a clearly negative optimum instead of a
    degenerate t* = 0. The dual of that LP is a Gordan certificate: with ν the multiplier of
    the normalisation, y + ν are non-negative weights with Σ (y_k + ν) â_k = 0.
    Box: h ∈ [−R, R]^d, s = 1 fixed, t free (the user asked for the box).
    """
    from scipy.optimize import linprog

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
    normalised = False
    bounds: Sequence[tuple[float | None, float | None]]
    if fixed_s:
        assert g.space.radius is not None
        R = g.space.radius
        bounds = [(-R, R)] * nh + [(None, None)]
    else:
        cvec = -A_ub[:, :-1].sum(axis=0)
        if float(np.linalg.norm(cvec)) > 1e-9 * K.size:
            row = np.zeros(n)
            row[:-1] = cvec
            eq_rows.append(row)
            eq_rhs.append(float(K.size))
            normalised = True
            bounds = [(None, None)] * nh + ([(0.0, None)] if has_s else []) + [(None, None)]
        else:  # the rows balance out: fall back to a box on (h, s)
            bounds = [(-1.0, 1.0)] * nh + ([(0.0, 1.0)] if has_s else []) + [(None, None)]
    c = np.zeros(n)
    c[-1] = -1.0
    res = linprog(
        c,
        A_ub=A_ub,
        b_ub=rhs,
        A_eq=np.array(eq_rows) if eq_rows else None,
        b_eq=np.array(eq_rhs) if eq_rows else None,
        bounds=bounds,
        method="highs",
    )
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


def _certificate(p: _Problem, K: np.ndarray, lp: _LPOut) -> Certificate:
    cert = Certificate(kind="lp-dual", lp_status=lp.status, lp_optimum=lp.t)
    if lp.weights is None:
        return cert
    y = np.maximum(lp.weights, 0.0)
    tot = float(y.sum())
    if tot <= 0:
        return cert
    y = y / tot
    keep = y > 1e-12
    A, _ = p.rows(K[keep])
    comb = y[keep] @ A
    if p.eq:
        # the tie planes may absorb a multiple of their normals
        E = np.array([eh for eh, _ in p.eq])
        coef, *_ = np.linalg.lstsq(E.T, comb, rcond=None)
        comb = comb - E.T @ coef
    scale = max(p.g.scale, 1e-300)
    cert.residual = float(np.linalg.norm(comb)) / scale
    order = np.argsort(-y[keep])
    ks = K[keep][order]
    cert.weights = {int(k): float(v) for k, v in zip(ks, y[keep][order], strict=True)}
    return cert


def _constraint_generation(
    p: _Problem,
    h_start: np.ndarray,
    *,
    n0: int = 256,
    n_add: int = 256,
    max_rounds: int = 60,
    all_at_once: bool = False,
) -> tuple[bool, np.ndarray | None, Certificate | None, int, int]:
    """Exact answer by LP. Returns (yes, witness, certificate, rounds, constraints)."""
    g = p.g
    idx_all = np.flatnonzero(p.mask)
    if all_at_once:
        K = idx_all
    else:
        K = p.threats(h_start, n0)
        if K.size == 0:
            K = idx_all
    # softmax without ties over the whole space: the dual (hull-membership) LP
    use_dual = not p.sigmoid and not p.eq and g.space.kind != "box"
    rounds = 0
    while True:
        rounds += 1
        lp = _solve_dual(p, K) if use_dual else _solve_lp(p, K)
        t, h, s = lp.t, lp.h, lp.s
        if lp.status != "optimal":
            return (
                False,
                None,
                Certificate(kind="lp-status", lp_status=lp.status),
                rounds,
                int(K.size),
            )
        # try the LP point as a witness whatever t is (a tiny but real margin counts)
        if t > 0:
            if g.space.kind == "box":
                cand = p.project_eq(h, 1.0)
                ok = p.verify(cand)[0]
            else:
                cand, ok = p.scale_direction(h)
                if ok:
                    ok = p.verify(cand)[0]
                if not ok and s > 0:
                    cand = p.project_eq(h / s, 1.0)
                    ok = p.verify(cand)[0]
            if ok:
                return True, cand, None, rounds, int(K.size)
        if t <= LP_ZERO or (t <= LP_MARGIN_TOL and (K.size >= idx_all.size or rounds >= 10)):
            cert = _certificate(p, K, lp)
            if t > LP_ZERO:
                cert.note = (
                    f"the LP margin {t:.2e} is below the tolerance {LP_MARGIN_TOL:g} and "
                    "no witness re-checked: not argmaxable up to that tolerance"
                )
            return False, None, cert, rounds, int(K.size)
        if K.size >= idx_all.size or rounds >= max_rounds:
            cert = Certificate(
                kind="lp-numerical",
                lp_status=lp.status,
                lp_optimum=t,
                note="the LP optimum is positive but no witness re-checked",
            )
            return False, None, cert, rounds, int(K.size)
        # add the violated constraints (most violated first), in the LP's own normalisation
        sv = s if g.space.kind != "box" else 1.0
        m = p.m_h(h) + sv * p.m_b
        den = (
            np.sqrt(p.row_norm**2 + (lp.kappa * p.m_b) ** 2)
            if (g.b is not None and g.space.kind != "box")
            else p.row_norm
        )
        with np.errstate(divide="ignore", invalid="ignore"):
            score = m / np.where(den > 0, den, 1.0)
        if g.b is not None and g.space.kind != "box":
            score = score  # (h, s) are in LP units already: s = κ·s'
        score[~p.mask] = np.inf
        score[K] = np.inf
        viol = np.flatnonzero(score < t)
        if viol.size == 0:
            viol = np.flatnonzero(np.isfinite(score))
            viol = viol[np.argsort(score[viol])[: max(1, n_add // 4)]]
        elif viol.size > (add := n_add if n_add > 0 else max(256, K.size // 2)):
            viol = viol[np.argpartition(score[viol], add - 1)[:add]]
        K = np.union1d(K, viol)


# ----------------------------------------------------------------------------- special cases


def _duplicates_of(g: HeadGeometry, i: int) -> np.ndarray:
    """Rows equal to row i (relative tolerance), excluding i."""
    diff = np.sqrt(np.maximum(g.sq - 2.0 * (g.W @ g.W[i]) + g.sq[i], 0.0))
    tol = DUPLICATE_RTOL * max(g.scale, math.sqrt(float(g.sq.max())), 1e-300)
    out = np.flatnonzero(diff <= tol)
    _ret: np.ndarray = out[out != i]
    return _ret


def _finish(res: Answer, p: _Problem, h: np.ndarray, t0: float) -> None:
    ok, m, rel = p.verify(h)
    res.witness = p.g.to_original(h)
    res.margin = m
    res.rel_margin = rel
    res.seconds = time.perf_counter() - t0


def _check_index(g: HeadGeometry, i: int, what: str = "label") -> int:
    i = int(i)
    if not 0 <= i < g.V:
        raise DataError(f"{what} id {i} is out of range for a head with {g.V} rows")
    return i


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
            res.argmaxable, res.method = True, "trivial"
            res.note = "the only label is always on top"
            _finish(res, p, np.zeros(g.d), t0)
            return res
        dup = _duplicates_of(g, i)
        if dup.size:
            if g.b is None or np.any(g.b[dup] >= g.b[i]):
                k = int(dup[0] if g.b is None else dup[np.argmax(g.b[dup])])
                res.method = "duplicate"
                res.certificate = Certificate(
                    kind="duplicate",
                    weights={k: 1.0},
                    residual=0.0,
                    note=f"row {k} equals row {i} with no smaller bias: it always ties or wins",
                )
                res.note = f"label {i} duplicates label {k}: they always tie, so {i} is never strictly on top"
                res.seconds = time.perf_counter() - t0
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
    yes = False
    h_best = np.zeros(p.g.d)
    if not full_lp:
        wit, method, h_best = _cheap_search(p, cheap_iters, cheap_budget_s)
        if wit is not None:
            res.method = method
            _set_answer(res, True)
            _finish(res, p, wit, t0)
            return res
    yes, wit, cert, rounds, ncons = _constraint_generation(p, h_best, all_at_once=full_lp)
    res.lp_rounds, res.lp_constraints = rounds, ncons
    res.method = "full-lp" if full_lp else "lp"
    _set_answer(res, yes)
    if yes:
        assert wit is not None
        _finish(res, p, wit, t0)
    else:
        res.certificate = cert
        res.seconds = time.perf_counter() - t0
    return res


def _set_answer(res: Answer, yes: bool) -> None:
    if isinstance(res, ArgmaxResult):
        res.argmaxable = yes
    elif isinstance(res, TieResult):
        res.tieable = yes


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
    label. Equal rows with different biases never tie.
    """
    t0 = time.perf_counter()
    g = as_geometry(W, b, head_type, space, box)
    i, j = _check_index(g, i), _check_index(g, j)
    if i == j:
        raise DataError(f"tie-ability needs two different labels, got {i} twice")
    res = TieResult(head_type=g.head_type, space=g.describe_space(), method="", pair=(i, j))
    p = _Problem(g, [i, j])
    if g.head_type == "softmax":
        d_ij = float(np.linalg.norm(g.W[i] - g.W[j]))
        tol = DUPLICATE_RTOL * max(g.scale, math.sqrt(float(g.sq.max())), 1e-300)
        if d_ij <= tol:
            db = 0.0 if g.b is None else float(g.b[i] - g.b[j])
            if abs(db) > 0:
                res.method = "parallel"
                res.certificate = Certificate(
                    kind="parallel",
                    weights={i: 1.0, j: 1.0},
                    note=f"equal rows with biases differing by {db:g}: z_i − z_j is constant",
                )
                res.seconds = time.perf_counter() - t0
                return res
            res.note = "equal rows: the two labels always tie"
            p.eq = []  # the tie holds everywhere
        if g.V == 2:
            h = p.project_eq(np.zeros(g.d), 1.0) if p.eq else np.zeros(g.d)
            if p.eq and g.b is None:
                h = np.zeros(g.d)
            res.tieable, res.method = True, "trivial"
            _finish(res, p, h, t0)
            return res
        # a third label equal to i (or j) can never be strictly below them
        for a in (i, j):
            dup = [k for k in _duplicates_of(g, a) if k not in (i, j)]
            if dup and (g.b is None or np.any(g.b[dup] >= g.b[a])):
                k = int(dup[0])
                res.method = "duplicate"
                res.certificate = Certificate(
                    kind="duplicate",
                    weights={k: 1.0},
                    residual=0.0,
                    note=f"row {k} equals row {a}: it is never strictly below",
                )
                res.seconds = time.perf_counter() - t0
                return res
    return _decide(res, p, cheap_iters, cheap_budget_s, full_lp, t0)  # type: ignore[no-any-return]


# ----------------------------------------------------------------------------- many labels


def _gram_pass(
    g: HeadGeometry,
    ids: np.ndarray,
    progress: ProgressFn | None,
    should_stop: Callable[[], bool] | None,
    block: int = 512,
) -> tuple[dict[int, tuple[np.ndarray, float, float]], bool]:
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
    base = g.W - g.mu if g.head_type == "softmax" else g.W
    X = (base @ L).astype(np.float32)
    xn = np.sqrt(np.einsum("ij,ij->i", X, X, dtype=np.float64))
    gamma = 2.0 * X.shape[1] * float(np.finfo(np.float32).eps)
    out: dict[int, tuple[np.ndarray, float, float]] = {}
    try:
        _gram_blocks(g, ids, P, X, xn, gamma, out, progress, should_stop, block)
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
    out: dict[int, tuple[np.ndarray, float, float]],
    progress: ProgressFn | None,
    should_stop: Callable[[], bool] | None,
    block: int,
) -> None:
    done = 0
    for a in range(0, ids.size, block):
        if should_stop is not None and should_stop():
            raise _Stopped
        cols = ids[a : a + block]
        # B × V, row-major: each label's gaps are one contiguous row
        GT = (X[cols] @ X.T).astype(np.float64)
        base = g.W[cols] - g.mu if g.head_type == "softmax" else g.W[cols]
        H = base @ P  # the witnesses of the block (P is symmetric)
        rows = np.arange(cols.size)
        err = gamma * xn[cols][:, None] * (xn[None, :] + xn[cols][:, None]) + 1e-30
        if g.head_type == "softmax":
            diag = GT[rows, cols]
            MH = diag[:, None] - GT
            MH[rows, cols] = np.inf
        else:
            MH = -GT
            MH[rows, cols] = GT[rows, cols]
        if g.b is None:
            ok = np.all(MH > err, axis=1)
            if g.head_type == "softmax":
                MH[rows, cols] = np.nan
            mmin = np.nanmin(MH, axis=1) if g.V > 1 else np.full(cols.size, np.inf)
            spread = GT.max(axis=1) - GT.min(axis=1)
            for q in np.flatnonzero(ok):
                rel = float(mmin[q] / spread[q]) if spread[q] > 0 else 0.0
                out[int(cols[q])] = (H[q], float(mmin[q]), rel)
        else:
            for r, i in enumerate(cols):
                mh = MH[r]
                if g.head_type == "softmax":
                    mb = g.b[i] - g.b
                    mb[i] = np.inf
                else:
                    sign = -np.ones(g.V)
                    sign[i] = 1.0
                    mb = sign * g.b
                lo_mask = mh > err[r]
                hi_mask = mh < -err[r]
                mid = ~(lo_mask | hi_mask)
                if np.any(mid & (mb <= 0)):
                    continue
                fin = lo_mask & np.isfinite(mb) & np.isfinite(mh)
                with np.errstate(divide="ignore", invalid="ignore"):
                    lo = float(np.max(-mb[fin] / mh[fin], initial=0.0))
                    hi = float(np.min(mb[hi_mask] / -mh[hi_mask], initial=math.inf))
                if lo < hi:
                    lam = 2.0 * lo + 1.0 if math.isinf(hi) else 0.5 * (lo + hi)
                    # margin recomputed (exactly) by the caller
                    out[int(i)] = (lam * H[r], math.nan, math.nan)
        done += cols.size
        if progress is not None:
            progress(done, ids.size, "whitened certificates")


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
        settled: dict[int, tuple[np.ndarray, float, float]] = {}
        if g.space.kind == "all" and g.V > 2 and uniq.size > 0:
            # duplicates must go through the exact path (the Gram pass cannot settle them anyway)
            settled, complete = _gram_pass(
                g,
                uniq,
                None if progress is None else (lambda d, t, s: progress(d, uniq.size, s)),
                should_stop,
            )
        for i, (h, m, rel) in settled.items():
            r = ArgmaxResult(
                head_type=g.head_type,
                space=g.describe_space(),
                method="witness:whitened",
                label=i,
                argmaxable=True,
            )
            if math.isnan(m):  # bias case: recheck exactly (a _Problem costs a V × d product)
                ok, m, rel = _Problem(g, [i]).verify(h)
                if not ok:
                    continue
            r.witness, r.margin, r.rel_margin = g.to_original(h), m, rel
            results[i] = r
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
    n_cand = g.V - 1 if exhaustive else min(g.V - 1, candidates or max(10 * k, 100))
    P = g.whitener()
    if g.head_type == "softmax":
        xi = P @ (g.W[i] - g.mu)
        score = (g.W - g.mu) @ xi
    else:
        xi = P @ g.W[i]
        score = g.W @ xi
    # order by whitened cosine-like closeness: inner product over whitened norm
    wn = np.sqrt(
        np.maximum(
            np.einsum(
                "ij,ij->i",
                (g.W - g.mu) @ P if g.head_type == "softmax" else g.W @ P,
                g.W - g.mu if g.head_type == "softmax" else g.W,
            ),
            1e-300,
        )
    )
    score = score / wn
    score[i] = -np.inf
    order = np.argsort(-score)[:n_cand] if n_cand < g.V - 1 else np.argsort(-score)[: g.V - 1]
    found: list[TieResult] = []
    undecided: list[int] = []
    checked = 0
    try:
        for c, j in enumerate(order):
            if should_stop is not None and should_stop():
                break
            r = _tie_cheap_only(g, i, int(j))
            checked += 1
            if r is not None:
                found.append(r)
            else:
                undecided.append(int(j))
            if not exhaustive and k > 0 and len(found) >= 2 * k:
                break
            if progress is not None:
                progress(c + 1, order.size, "witness search")
        for c, j in enumerate(undecided):
            if len(found) >= k and not exhaustive:
                break
            if should_stop is not None and should_stop():
                break
            r = tieable(g, None, i, j)
            if r.tieable:
                found.append(r)
            if progress is not None:
                progress(c + 1, len(undecided), "LP")
    except KeyboardInterrupt:
        pass
    found.sort(key=lambda r: -(r.rel_margin or 0.0))
    return NeighbourResult(
        label=i,
        neighbours=found[:k] if k > 0 else found,
        candidates_checked=checked,
        candidates_considered=int(order.size),
        exhaustive=exhaustive,
        space=g.describe_space(),
        head_type=g.head_type,
        seconds=time.perf_counter() - t0,
    )


def _tie_cheap_only(g: HeadGeometry, i: int, j: int) -> TieResult | None:
    """The witness search for a tie, without the LP: a TieResult on success, else None."""
    t0 = time.perf_counter()
    if g.head_type == "softmax" and float(np.linalg.norm(g.W[i] - g.W[j])) == 0.0:
        return None  # leave the special cases to tieable()
    p = _Problem(g, [i, j])
    wit, method, _ = _cheap_search(p, 8, 0.25)
    if wit is None:
        return None
    r = TieResult(head_type=g.head_type, space=g.describe_space(), method=method, pair=(i, j), tieable=True)
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
