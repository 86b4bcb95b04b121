"""Hull membership by non-negative least squares, with columns generated from the whole head.

For a softmax head, no ties and the whole space, label i is never strictly on top exactly when
0 lies in the convex hull of the lifted rows a_k = (w_k − w_i, κ(b_k − b_i)) (a bias residual
Σ λ_k a_s,k ≥ 0 is allowed). With unit columns c_k = (â_k, 1) and e = (0, …, 0, 1), the
Lawson–Hanson NNLS problem min |C x − e|, x ≥ 0 decides it (Gordan's alternative):

* residual r = 0: x / Σ x is a convex certificate (a mixture of other rows equal to w_i);
* r ≠ 0: at the optimum c_k · r ≤ 0 for every column and r_last = |r|² > 0, so h = r_h puts
  label i above every label k by at least |r|² · |c_k| (normalised): a witness direction.

Why NNLS and not an LP solver: the membership LP is dense (d + 2 rows), and HiGHS takes tens of
seconds on it at d = 768 (simplex and interior point alike), while Lawson–Hanson adds one column
per step with an O(d²) update of a QR factorisation, so an interior label costs about d + 1
steps. Columns come in batches, priced against every row of the head with one matrix–vector
product, and the factorisation is kept from one batch to the next (a warm start).

Small BLAS calls run on one thread when the machine is busy: under load, OpenBLAS's thread
hand-offs make a d-sized matrix–vector product many times slower than doing it alone.
"""

from __future__ import annotations

import contextlib
import math
import os
from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np

from cosaudit.core.geometry.witness import _Problem

# A column enters when c_k · r > PRICE_REL · |r| (columns have norm ≤ √2, so that is far above
# the rounding of the product, ~ m eps |r|); the search stops as soon as |r| ≤ R_ZERO, which is
# 0 ∈ hull within float64's resolution (the certificate is re-checked afterwards anyway).
PRICE_REL = 1e-12
# a float32 price counts only above this (its rounding is ~ √m · 6e-8 · |r| for columns of norm ≤ √2)
PRICE32_REL = 1e-4
R_ZERO = 1e-14


def machine_is_busy() -> bool:
    """Is the 1-minute load average at or above the core count (less half a core for us)?"""
    try:
        load = os.getloadavg()[0]
    except OSError:  # pragma: no cover - not on every platform
        return False
    return load >= (os.cpu_count() or 1) - 0.5


def bias_scale(row_sq: np.ndarray, a_s: np.ndarray) -> float:
    """κ, which puts a bias column on the scale of the h columns: rms |a_k| / rms |a_s,k|."""
    rms_h = float(np.sqrt(np.mean(row_sq))) or 1.0
    rms_s = float(np.sqrt(np.mean(a_s**2))) or 1.0
    return rms_h / rms_s


@contextlib.contextmanager
def small_product_threads() -> Iterator[None]:
    """One BLAS thread while the machine is busy, else BLAS's own choice (no-op without threadpoolctl).

    Measured at 50257 × 768 on 2 cores: alone, the default threads were ~15% faster than one
    (2.95 s against 3.34 s per interior label); with other work running (load 4), one thread was
    about nine times faster, because OpenBLAS's hand-offs wait for a busy core.
    """
    if not machine_is_busy():
        yield
        return
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # pragma: no cover - threadpoolctl is a dependency; numbers stay the same without it
        yield
        return
    with threadpool_limits(limits=1, user_api="blas"):
        yield


class NNLS:
    """Lawson–Hanson min |C x − e|, x ≥ 0, e the last unit vector, with columns added over time.

    The passive columns (x > 0) are kept as a thin QR factorisation in preallocated buffers:
    a column enters by Gram–Schmidt with one re-orthogonalisation ("twice is enough"), O(m p),
    and leaves through `scipy.linalg.qr_delete`. Q is stored by rows (Qt[:p] = Qᵀ), so that Q is
    a contiguous Fortran-ordered view for LAPACK.
    """

    def __init__(self, m: int) -> None:
        self.m = m
        self.CT = np.zeros((0, m))
        self.CT32 = np.zeros((0, m), dtype=np.float32)  # a float32 copy that only picks entering columns
        self.x = np.zeros(0)
        self.P: list[int] = []
        self.Qt = np.zeros((m, m))
        # R's unused trailing diagonal is 1 (and the rest of its unused part 0), so the whole
        # buffer is one triangular system whose solution vanishes past p: BLAS then solves it in
        # place, where a p × p slice would be copied on every step
        self.R = np.eye(m)
        self.banned: set[int] = set()
        self.steps = 0

    def add_columns(self, cols: np.ndarray) -> None:
        self.CT = np.vstack([self.CT, cols.T])  # by rows: pricing is then one plain gemv
        self.CT32 = np.vstack([self.CT32, cols.T.astype(np.float32)])
        self.x = np.r_[self.x, np.zeros(cols.shape[1])]

    def residual(self) -> np.ndarray:
        """e minus its projection on the passive columns (x's residual once x_P solves them)."""
        p = len(self.P)
        r = -(self.Qt[:p].T @ self.Qt[:p, -1])
        r[-1] += 1.0
        return r

    def _insert(self, j: int) -> bool:
        p = len(self.P)
        if p >= self.m:
            return False
        c = self.CT[j]
        nc = float(np.linalg.norm(c))
        Qt = self.Qt[:p]
        r1 = Qt @ c
        v = c - Qt.T @ r1
        nv = float(np.linalg.norm(v))
        if nv < 0.7 * nc:  # cancellation: orthogonalise once more (DGKS; "twice is enough")
            r2 = Qt @ v
            v -= Qt.T @ r2
            r1 += r2
            nv = float(np.linalg.norm(v))
        if nv <= 1e-10 * nc:  # dependent on the passive columns
            return False
        self.Qt[p] = v / nv
        self.R[:p, p] = r1
        self.R[p, p] = nv
        self.R[p + 1 :, p] = 0.0
        self.P.append(j)
        return True

    def _delete(self, k: int) -> None:
        from scipy.linalg import qr_delete

        p = len(self.P)
        # in place: Qt[:p].T is Fortran-contiguous and R[:p, :p] a strided view of our buffers,
        # which qr_delete rotates where they lie (copying them cost as much as the rotations)
        qr_delete(self.Qt[:p].T, self.R[:p, :p], k, which="col", overwrite_qr=True, check_finite=False)
        self.R[p - 1, :] = 0.0
        self.R[:, p - 1] = 0.0
        self.R[p - 1, p - 1] = 1.0
        del self.P[k]

    def _least_squares(self) -> np.ndarray:
        from scipy.linalg.blas import dtrsv

        p = len(self.P)
        u = np.zeros(self.m)
        u[:p] = self.Qt[:p, -1]
        # R is upper triangular and stored by rows, so R.T is a Fortran-ordered lower triangle
        z: np.ndarray = dtrsv(self.R.T, u, lower=1, trans=1)
        return z[:p]

    def _step_back(self, z: np.ndarray) -> None:
        """Move x toward z until a passive weight hits zero, and drop those that did."""
        P = np.array(self.P)
        xp = self.x[P]
        neg = z <= 0
        ratios = np.full(z.size, np.inf)
        ratios[neg] = xp[neg] / (xp[neg] - z[neg])
        first = int(np.argmin(ratios))
        xp = xp + ratios[first] * (z - xp)
        drop = set(np.flatnonzero(xp <= 0).tolist()) | {first}
        for k in sorted(drop, reverse=True):
            self._delete(k)
        self.x[P] = 0.0
        keep = [k for k in range(P.size) if k not in drop]
        self.x[P[keep]] = xp[keep]

    def polish(self) -> None:
        """Re-solve the passive least squares from the columns themselves (a fresh factorisation
        and two steps of iterative refinement): the updated QR drifts over hundreds of steps,
        and a certificate has to meet a bound near float64's own resolution."""
        if not self.P:
            return
        from scipy.linalg import qr, solve_triangular

        Cp = self.CT[self.P].T
        e = np.zeros(self.m)
        e[-1] = 1.0
        Q, R = qr(Cp, mode="economic", check_finite=False)
        z = solve_triangular(R, Q[-1], check_finite=False)
        for _ in range(2):
            z = z + solve_triangular(R, Q.T @ (e - Cp @ z), check_finite=False)
        if z.min() > 0:
            self.x[self.P] = z

    def true_residual(self) -> np.ndarray:
        r = -(self.CT[self.P].T @ self.x[self.P])
        r[-1] += 1.0
        return r

    def solve(self, max_steps: int) -> bool:
        """Run to the optimum over the known columns; False when the step budget ran out.

        One column enters per step (the most positive c_k · r). Entering several at once was
        tried: it only traded insertions for deletions and was no faster.
        """
        while self.steps < max_steps:
            self.steps += 1
            r = self.residual()
            rn = float(np.linalg.norm(r))
            if rn <= R_ZERO:
                return True
            t = self._entering(r, rn)
            if t < 0:
                return True
            if not self._insert(t):
                self.banned.add(t)
                continue
            self._settle()
        return False

    def _entering(self, r: np.ndarray, rn: float) -> int:
        """The column to enter (a price c_k · r > PRICE_REL · |r|), or −1 at the optimum.

        Prices are read in float32 first (half the memory traffic of the step's largest product);
        a column that clearly prices positive there is confirmed in float64. Only when none
        does is every price computed in float64, so the optimality test is exact as before.
        Any positive-price column may enter (Lawson–Hanson needs no more for its progress).
        """
        # OpenBLAS kernels can raise the invalid-operation flag on finite inputs (numpy#24067, OpenBLAS#1924),
        # depending on the kernel and thread count a call takes: the flag is ignored and the values checked
        with np.errstate(invalid="ignore"):
            w32 = self.CT32 @ r.astype(np.float32)  # a NaN here only sends the step to the float64 prices
        self._exclude(w32)
        t = int(np.argmax(w32))
        if w32[t] > PRICE32_REL * rn and float(self.CT[t] @ r) > PRICE_REL * rn:
            return t
        with np.errstate(invalid="ignore"):
            w = self.CT @ r
        self._exclude(w)
        t = int(np.argmax(w))
        return t if w[t] > PRICE_REL * rn else -1

    def _exclude(self, w: np.ndarray) -> None:
        w[self.P] = -np.inf
        if self.banned:
            w[list(self.banned)] = -np.inf

    def _settle(self) -> None:
        """The inner loop: step back until the least-squares point of the passive set is positive."""
        while self.P:
            z = self._least_squares()
            if z.min() > 0:
                self.x[self.P] = z
                return
            self._step_back(z)


@dataclass
class HullAnswer:
    """What the NNLS found: weights on labels (certificate) or a direction (witness), or neither."""

    status: str  # "optimal" or "step-limit"
    labels: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    weights: np.ndarray = field(default_factory=lambda: np.zeros(0))  # on the unnormalised rows
    gap: float = math.inf  # |r|²: 0 when label i is inside the hull
    h: np.ndarray = field(default_factory=lambda: np.zeros(0))
    s: float = 0.0
    rounds: int = 0
    columns: int = 0


class _Columns:
    """The lifted unit columns c_k of the membership problem, and their pricing over every label."""

    def __init__(self, p: _Problem) -> None:
        self.p = p
        g = p.g
        self.has_s = g.b is not None and bool(np.any(p.m_b[p.mask]))
        self.kappa = bias_scale(p.row_norm[p.mask] ** 2, p.m_b[p.mask]) if self.has_s else 1.0
        self.norm = np.sqrt(p.row_norm**2 + (self.kappa * p.m_b) ** 2) if self.has_s else p.row_norm.copy()
        self.usable = p.mask & (self.norm > 0)
        self.m = g.d + (1 if self.has_s else 0) + 1

    def build(self, K: np.ndarray) -> np.ndarray:
        A, a_s = self.p.rows(K)
        parts = [A.T]
        if self.has_s:
            parts.append((self.kappa * a_s)[None, :])
        C = np.vstack(parts) / self.norm[K]
        return np.vstack([C, np.ones((1, K.size))])

    def slack(self) -> np.ndarray:
        """The free positive bias residual: Σ λ κ a_s − v = 0 with v ≥ 0."""
        c = np.zeros((self.m, 1))
        c[-2, 0] = -1.0
        return c

    def price(self, r: np.ndarray) -> np.ndarray:
        """c_k · r for every label (−inf for labels that are not columns)."""
        d = self.p.g.d
        num = -self.p.m_h(r[:d])
        if self.has_s:
            num = num - self.kappa * self.p.m_b * r[d]
        with np.errstate(divide="ignore", invalid="ignore"):
            w = num / np.where(self.norm > 0, self.norm, 1.0) + r[-1]
        return np.where(self.usable, w, -np.inf)


def hull_membership(
    p: _Problem, K0: np.ndarray, *, n_add: int = 256, max_rounds: int = 200, max_steps: int | None = None
) -> HullAnswer:
    """Decide 0 ∈ conv{a_k} by NNLS over columns generated from every label, starting from K0."""
    cols = _Columns(p)
    solver = NNLS(cols.m)
    K = np.unique(K0[cols.usable[K0]]) if K0.size else np.zeros(0, dtype=np.int64)
    if cols.has_s:
        solver.add_columns(cols.slack())
    labels = [-1] if cols.has_s else []
    labels += K.tolist()
    solver.add_columns(cols.build(K))
    in_K = np.zeros(p.g.V, dtype=bool)
    in_K[K] = True
    if max_steps is None:
        max_steps = 20 * cols.m  # seen: 1.2–2.1 × m; beyond 20 × m the LP decides instead
    rounds = 0
    with small_product_threads():
        while True:
            rounds += 1
            if rounds > max_rounds or not solver.solve(max_steps):
                return HullAnswer("step-limit", rounds=rounds, columns=len(labels))
            r = solver.residual()
            rn = float(np.linalg.norm(r))
            if rn <= R_ZERO:
                break
            w = cols.price(r)
            w[in_K] = -np.inf
            new = np.flatnonzero(w > PRICE_REL * rn)
            if new.size == 0:
                break
            if new.size > n_add:
                new = new[np.argpartition(-w[new], n_add - 1)[:n_add]]
            in_K[new] = True
            labels += new.tolist()
            solver.add_columns(cols.build(new))
    r = solver.true_residual()
    if float(np.linalg.norm(r)) > R_ZERO and float(r[-1]) <= PRICE_REL:  # inside, but the QR drifted
        solver.polish()
        r = solver.true_residual()
    lab = np.array(labels, dtype=np.int64)
    x = solver.x
    on = (x > 0) & (lab >= 0)
    d = p.g.d
    return HullAnswer(
        "optimal",
        labels=lab[on],
        weights=x[on] / cols.norm[lab[on]],
        gap=float(r[-1]),
        h=r[:d].copy(),
        s=float(r[d]) * cols.kappa if cols.has_s else 0.0,
        rounds=rounds,
        columns=len(labels),
    )
