"""One feasibility question (a target set and the constraints it implies) and the cheap witness
search: the whitened direction, then relaxation steps."""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

import numpy as np

from cosaudit.core.geometry.head import HeadGeometry


def _sq_dist(g: HeadGeometry, r: int) -> np.ndarray:
    """|w_k − w_r|² for every row k (the expansion, recomputed directly where it cancels)."""
    dots = g.W @ g.W[r]
    sq: np.ndarray = np.maximum(g.sq - 2.0 * dots + g.sq[r], 0.0)
    near = np.flatnonzero(sq <= 1e-6 * (g.sq + g.sq[r]))
    sq[near] = np.einsum("ij,ij->i", g.W[near] - g.W[r], g.W[near] - g.W[r])
    return sq


class _Problem:
    """One feasibility question: a target set T and the constraints it implies.

    softmax: z_r(k) − z_k ≥ t for k ∉ T, and z_ref = z_j for j ∈ T (ties).
    sigmoid: σ_k z_k ≥ t for all k, σ = +1 on T and −1 elsewhere.
    Margins are linear in (h, s): m(h, s) = m_h(h) + s·m_b.

    r(k) is the label of T nearest w_k (the smaller index on equal distance). On the tie planes
    every z_j, j ∈ T, is the same, so any choice states the same constraint; the nearest one
    makes the question symmetric in the order of T (a tie (i, j) is the tie (j, i)) and each
    constraint row w_k − w_r(k) as short, and as accurately computed, as it can be — the rounding
    bounds of witnesses and certificates scale with it.
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
        self.refs = np.full(g.V, self.ref)
        if self.sigmoid:
            self.sign = -np.ones(g.V)
            self.sign[self.T] = 1.0
            self.m_b = np.zeros(g.V) if g.b is None else self.sign * g.b
            self.row_norm = np.sqrt(g.sq)
        else:
            cand = sorted(set(self.T))
            sq = np.array([_sq_dist(g, r) for r in cand])
            if len(cand) > 1:  # np.argmin takes the first minimum: the smaller label on equal distance
                self.refs = np.asarray(cand)[np.argmin(sq, axis=0)]
            self.row_norm = np.sqrt(sq.min(axis=0))
            self.m_b = np.zeros(g.V) if g.b is None else g.b[self.refs] - g.b
        # ties: equality rows (h part, bias part)
        self.eq: list[tuple[np.ndarray, float]] = []
        if not self.sigmoid:
            for j in self.T[1:]:
                eh = g.W[self.ref] - g.W[j]
                eb = 0.0 if g.b is None else float(g.b[self.ref] - g.b[j])
                self.eq.append((eh, eb))

    def m_h(self, h: np.ndarray) -> np.ndarray:
        z = self.g.W @ h
        if self.sigmoid:
            out: np.ndarray = self.sign * z
        else:  # one reference (argmax) needs no gather
            out = (z[self.ref] if len(self.T) == 1 else z[self.refs]) - z
        return out

    def rows(self, K: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Constraint rows a_k (h part) and a_s (bias part) with a_k·h + a_s·s + t ≤ 0."""
        g = self.g
        if self.sigmoid:
            A = -self.sign[K, None] * g.W[K]
        else:
            A = g.W[K] - g.W[self.refs[K]]
        return A, -self.m_b[K]

    def verify(self, h: np.ndarray, s: float = 1.0) -> tuple[bool, float, float]:
        """Recompute all logits at (h, s) in float64: (holds, min margin, relative margin).

        A margin counts when it exceeds the float64 rounding bound of its own computation:
        first on the logits W h (bound from the rows' uncentered norms); labels too close for
        that are recomputed as differences (w_r(k) − w_k)·h, whose bound scales with |w_r(k) − w_k|
        — so the verdict does not change when every row is translated. For a tie, each bound
        also covers the step from h to the exact tie plane (`_tie_slack`), so the verdict is the
        same for (i, j) and (j, i).
        """
        g = self.g
        z = g.logits(h, s)
        if g.space.kind == "box":
            assert g.space.radius is not None
            if np.abs(h).max() > g.space.radius * (1 + 1e-12):
                return False, -math.inf, -math.inf
        m, tol = self._margins(z, h, s)
        if m is None:
            return False, -math.inf, -math.inf
        if m.size == 0:
            return True, math.inf, 1.0
        mmin = float(m.min())
        spread = float(z.max() - z.min()) if not self.sigmoid else float(np.abs(z).max())
        ok = bool(np.all(m > tol))
        rel = mmin / spread if spread > 0 else 0.0
        return ok, mmin, rel

    def _margins(self, z: np.ndarray, h: np.ndarray, s: float) -> tuple[np.ndarray | None, np.ndarray]:
        """Margins of the constrained labels and their rounding bounds (None: a tie is broken)."""
        g = self.g
        hn = float(np.linalg.norm(h))
        norms = np.sqrt(g.sq)
        bias = np.zeros(g.V) if g.b is None or s == 0 else np.abs(s * g.b)
        if self.sigmoid:
            return (self.sign * z)[self.mask], (g.gamma * (norms * hn + bias))[self.mask]
        slack = self._tie_slack(h, s, hn)
        if slack is None:
            return None, np.zeros(0)
        r = self.refs
        m = z[r] - z
        tol = g.gamma * ((norms + norms[r]) * hn + bias + bias[r]) + slack
        close = np.flatnonzero(self.mask & (np.abs(m) <= tol))
        if close.size:  # recompute as differences of rows: a translation-invariant bound
            D = g.W[r[close]] - g.W[close]
            m[close] = D @ h
            tol[close] = g.gamma * np.linalg.norm(D, axis=1) * hn + slack[close]
            if g.b is not None and s != 0:
                db = s * (g.b[r[close]] - g.b[close])
                m[close] += db
                tol[close] += g.gamma * np.abs(db)
        return m[self.mask], tol[self.mask]

    def _tie_slack(self, h: np.ndarray, s: float, hn: float) -> np.ndarray | None:
        """How much a margin may change between h and the exact tie plane (zero without a tie;
        None when the tie is broken beyond rounding).

        The tie residual ρ = (w_i − w_j)·h + (b_i − b_j)s is recomputed as a difference of rows
        and must be within its rounding bound τ = γ(|w_i − w_j||h| + |b_i − b_j||s|). Moving h
        by −ρ (w_i − w_j)/|w_i − w_j|² lands on the plane and changes the margin of label k by
        at most |w_r(k) − w_k|·(|ρ| + τ)/|w_i − w_j|: a witness is a witness of the exact tie.
        """
        slack = np.zeros(self.g.V)
        for eh, eb in self.eq:
            nn = float(np.linalg.norm(eh))
            if nn == 0:
                continue
            rho = float(eh @ h) + eb * s
            tau = self.g.gamma * (nn * hn + abs(eb * s))
            if abs(rho) > tau:
                return None
            slack += self.row_norm * ((abs(rho) + tau) / nn)
        return slack

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
        # a margin counts as non-zero beyond its own rounding bound (per label, translation-invariant)
        tiny = self.g.gamma * self.row_norm[self.mask] * nrm
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


# The relaxation stops once the count of labels still above the target has not fallen for this
# many steps: inside the hull it circles the same few labels (seen on planted interior labels:
# 1–3 labels for all 30 steps), and the exact method after it finds a witness too when there is one.
STALL_ITERS = 8


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
    fewest, since = math.inf, 0
    for _ in range(iters):
        if time.perf_counter() - t0 > budget_s or since >= STALL_ITERS:
            break
        mh = p.m_h(h)
        scale = float(np.linalg.norm(h)) or 1.0
        viol = np.flatnonzero(p.mask & (mh <= 1e-3 * scale * p.row_norm))
        fewest, since = (viol.size, 0) if viol.size < fewest else (fewest, since + 1)
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
