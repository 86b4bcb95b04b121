"""The two symmetries of a softmax head, as constructions on a pair of rows (design.md §1).

Translation T: ``w_y → w_y + c`` for every row shifts every logit by the same ``c·h``, so softmax
probabilities do not move while the cosine of a pair can be sent anywhere in [-1, 1].
Rescaling S: with a final norm ``h = γ⊙n(x) + β`` before the head, ``γ → γ⊙e, β → β⊙e,
W → W·diag(e)⁻¹`` leaves every logit unchanged and moves cosines even after centering.

The rescaling's construction on a pair is `core.rescaling.rescale_pair`. Everything here is pure
numpy on float64 and returns typed results. Pairs that cannot be
flipped raise a `cosaudit.errors` error carrying a `PairIssue` that says why in plain words.

Least-norm translation. For a target τ the translations that reach it form a surface (the
points from which the segment between the two rows is seen under the angle arccos τ). Its
infimum distance to the origin is often approached only as one row shrinks to zero, where the
cosine is undefined and numerically meaningless. So "least norm" here means: the shortest c that
reaches τ while both translated rows stay at least |w_i − w_j|/2 long (half the distance
between them, which the −1 construction of the paper attains with equality). Within that
constraint the minimum exists and is computed in closed form in the plane spanned by
δ = w_i − w_j and the part of the midpoint m orthogonal to δ. It reduces to the paper's
``c = −m`` for τ = −1, to the paper's t = 1/2 construction for +1 when the rows have equal
norms, and to design.md's ``c = −m + s·u`` exactly when that point is nearest (rows of equal
norm and, for τ > 0, a current midpoint at least as far out as the target circle's centre).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

import numpy as np

from cosaudit.core.cosine import cosine
from cosaudit.errors import DataError, UnsupportedSymmetryError, UsageError

__all__ = ["cosine", "softmax"]  # cosine: the one in core.cosine, used here as sym.cosine

SymmetryName = Literal["translate", "rescale"]
IssueCode = Literal[
    "identical_rows",
    "zero_row",
    "one_dimensional",
    "same_label",
    "softcap",
    "sigmoid",
    "normalized_rows",
    "no_final_norm",
    "target_out_of_range",
]


@dataclass(frozen=True)
class PairIssue:
    """Why a pair cannot be flipped as asked, in plain words."""

    code: IssueCode
    message: str
    hint: str | None = None


class PairNotFlippableError(DataError):
    """A pair whose cosine cannot be changed as asked (or whose cosine is fixed)."""

    def __init__(self, issue: PairIssue):
        super().__init__(issue.message, hint=issue.hint)
        self.issue = issue


class SymmetryRefusedError(UnsupportedSymmetryError):
    """A symmetry that does not hold for this head (soft-capped or sigmoid heads, no norm)."""

    def __init__(self, issue: PairIssue):
        super().__init__(issue.message, hint=issue.hint)
        self.issue = issue


def softmax(z: np.ndarray) -> np.ndarray:
    """Softmax over labels (axis 1) of N × V logits, in float64 (rows contiguous: fast)."""
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)  # type: ignore[no-any-return]


def _scale(w_i: np.ndarray, w_j: np.ndarray) -> float:
    return max(float(np.linalg.norm(w_i)), float(np.linalg.norm(w_j)), np.finfo(np.float64).tiny)


def _eps() -> float:
    return 64 * float(np.finfo(np.float64).eps)


# --------------------------------------------------------------------------- edge cases


def check_target(target: float) -> float:
    """A target cosine must be a number in [-1, 1]."""
    t = float(target)
    if not math.isfinite(t) or t < -1.0 or t > 1.0:
        raise UsageError(
            f"target cosine {target} is outside [-1, 1]",
            hint="give --target -1, 1 or a number between them",
        )
    return t


def pair_issue(
    w_i: np.ndarray,
    w_j: np.ndarray,
    i: int,
    j: int,
    *,
    names: tuple[str, str] | None = None,
) -> PairIssue | None:
    """What makes a pair special, independent of the symmetry: same label, zero or equal rows."""
    a, b = names if names is not None else (f"row {i}", f"row {j}")
    if i == j:
        return PairIssue(
            "same_label",
            f"{a} is paired with itself: its cosine with itself is 1 in every model",
            "give two different labels",
        )
    w_i = np.asarray(w_i, dtype=np.float64)
    w_j = np.asarray(w_j, dtype=np.float64)
    for name, w, k in ((a, w_i, i), (b, w_j, j)):
        if not np.all(np.isfinite(w)):
            return PairIssue(
                "zero_row", f"{name} (row {k}) contains NaN or Inf", "check the checkpoint"
            )
        if not np.any(w):
            return PairIssue(
                "zero_row",
                f"{name} (row {k}) is all zeros, so its cosine with any row is undefined "
                "(a translation would make it non-zero, but then the 'original' cosine has no "
                "value to compare)",
                "pick a label whose row is not zero",
            )
    if np.array_equal(w_i, w_j):
        return PairIssue(
            "identical_rows",
            f"{a} and {b} have identical rows: their cosine is 1 in every equivalent model, "
            "and the two labels always get exactly equal probability — here, and only here, "
            "the cosine says something about the model",
            None,
        )
    return None


def symmetry_issue(
    symmetry: SymmetryName,
    *,
    head_type: str = "softmax",
    softcap: float | None = None,
    has_norm: bool = False,
    normalized_rows: bool = False,
) -> PairIssue | None:
    """Whether the symmetry holds for a head with these facts."""
    if symmetry == "translate":
        if head_type == "sigmoid":
            return PairIssue(
                "sigmoid",
                "translation is no symmetry of a sigmoid (multi-label) head: each label's "
                "probability σ(w·h + b) depends on its own row alone, so adding c to every row "
                "changes the probabilities; for such heads the cosines of the rows determine which "
                "label combinations can be predicted (Nielsen & Grivas v2, Lemma 5.3), so the "
                "cosine "
                "is meaningful there and cannot be flipped",
                "use --symmetry rescale if a norm gain precedes the head"
                if has_norm
                else "no symmetry applies: this head has no final norm to rescale",
            )
        if softcap is not None:
            return PairIssue(
                "softcap",
                "translation is no symmetry when logits are soft-capped (cap·tanh(z/cap), cap = "
                f"{softcap:g}): "
                "tanh does not commute with adding c·h to every logit, so probabilities would "
                "change",
                "use --symmetry rescale (the rescaling leaves raw logits, hence capped ones, "
                "unchanged)"
                if has_norm
                else "no symmetry applies: this head has no final norm to rescale",
            )
        if normalized_rows:
            return PairIssue(
                "normalized_rows",
                "translation is no symmetry of a head that normalises its rows at run time "
                "(cosine head)",
                None,
            )
        return None
    if not has_norm:
        return PairIssue(
            "no_final_norm",
            "rescaling needs a final norm gain right before the head to absorb the scale, and "
            "this head has none",
            "use --symmetry translate (softmax heads)",
        )
    if normalized_rows:
        return PairIssue(
            "normalized_rows",
            "rescaling is no symmetry of a head that normalises its rows at run time",
            None,
        )
    return None


# --------------------------------------------------------------------------- translation T


@dataclass(frozen=True)
class Translation:
    """A translation c of every row and what it does to the pair."""

    c: np.ndarray  # float64, shape (d,)
    target: float
    cosine_before: float
    cosine_after: float
    norm: float  # |c|
    mean_row_norm: float
    rule: str  # "least-norm" or "paper t=…"
    floor_active: bool = False  # True when the row-length floor decided the choice

    @property
    def relative_norm(self) -> float:
        """|c| relative to the mean row norm of the head (NaN when that is 0)."""
        return self.norm / self.mean_row_norm if self.mean_row_norm > 0 else math.nan


def paper_translation(w_i: np.ndarray, w_j: np.ndarray, t: float) -> np.ndarray:
    """The paper's rule ``c = −w_i + t (w_j − w_i)``: −1 for t ∈ (−1, 0), +1 for t > 0 or < −1."""
    w_i = np.asarray(w_i, dtype=np.float64)
    w_j = np.asarray(w_j, dtype=np.float64)
    return np.asarray(-w_i + t * (w_j - w_i), dtype=np.float64)


def _perpendicular_unit(
    delta_hat: np.ndarray, m_perp: np.ndarray, scale: float
) -> tuple[np.ndarray, bool]:
    """A unit vector ⟂ δ: along the part of m orthogonal to δ, or (if that is 0) a fixed one."""
    n = float(np.linalg.norm(m_perp))
    if n > _eps() * scale:
        return m_perp / n, True
    # m ∥ δ: every direction ⟂ δ is equally good; take the coordinate axis least aligned with δ.
    k = int(np.argmin(np.abs(delta_hat)))
    e = np.zeros_like(delta_hat)
    e[k] = 1.0
    u = e - np.dot(e, delta_hat) * delta_hat
    return u / np.linalg.norm(u), False


def least_norm_translation(
    w_i: np.ndarray,
    w_j: np.ndarray,
    target: float,
    *,
    mean_row_norm: float | None = None,
) -> Translation:
    """The shortest c with cos(w_i + c, w_j + c) = target, both new rows ≥ |w_i − w_j|/2 long.

    Raises `PairNotFlippableError` for equal or zero rows and for τ ∈ (−1, 1) when d = 1.
    """
    tau = check_target(target)
    w_i = np.asarray(w_i, dtype=np.float64).reshape(-1)
    w_j = np.asarray(w_j, dtype=np.float64).reshape(-1)
    issue = pair_issue(w_i, w_j, 0, 1, names=("the first row", "the second row"))
    if issue is not None:
        raise PairNotFlippableError(issue)
    d = w_i.shape[0]
    if d == 1 and -1.0 < tau < 1.0:
        raise PairNotFlippableError(
            PairIssue(
                "one_dimensional",
                f"in one dimension two non-zero rows have cosine −1 or +1 only, so {tau:g} cannot "
                "be reached",
                "use --target -1 or --target 1",
            )
        )
    scale = _scale(w_i, w_j)
    delta = w_i - w_j
    m = (w_i + w_j) / 2.0
    r = float(np.linalg.norm(delta)) / 2.0
    delta_hat = delta / (2.0 * r)
    m_a = float(np.dot(m, delta_hat))
    m_perp = m - m_a * delta_hat
    floor_active = False

    if tau == -1.0:
        x = np.zeros_like(m)  # new midpoint at the origin: rows ±δ/2 (the paper's c = −m)
    elif tau == 1.0:
        # rows x ± δ/2 on one ray: |a| > r; the floor asks |a| ≥ 2r (shorter row ≥ r)
        a = m_a
        if abs(a) < 2.0 * r:
            floor_active = True
            a = 2.0 * r if a > _eps() * scale else -2.0 * r  # tie → row i shorter (paper, t = 1/2)
        x = a * delta_hat
    else:
        u, _ = _perpendicular_unit(delta_hat, m_perp, scale)
        m_b = float(np.dot(m, u)) if d > 1 else 0.0
        root = math.sqrt((1.0 - tau) * (1.0 + tau))
        h = (
            r * tau / root
        )  # centre (0, h) of the circle of points x seeing the rows at angle arccos τ
        R = r / root
        theta = math.acos(tau)
        phi1 = math.acos(-(1.0 + tau * tau) / 2.0) - theta  # floor: both rows ≥ r on [−φ1, φ1]
        da, db = m_a, m_b - h
        phi = math.atan2(da, db) if (abs(da) + abs(db)) > _eps() * scale else 0.0
        if abs(da) <= _eps() * scale and db < 0:
            phi = -math.pi  # tie between both ends: make row i the shorter one, as for +1
        if phi > phi1 or phi < -phi1:
            floor_active = True
            phi = max(-phi1, min(phi1, phi))
        a = R * math.sin(phi)
        b = h + R * math.cos(phi)
        x = a * delta_hat + b * u
    c = x - m
    after = cosine(w_i + c, w_j + c)
    return Translation(
        c=c,
        target=tau,
        cosine_before=cosine(w_i, w_j),
        cosine_after=after,
        norm=float(np.linalg.norm(c)),
        mean_row_norm=float(mean_row_norm) if mean_row_norm is not None else math.nan,
        rule="least-norm",
        floor_active=floor_active,
    )


def design_translation(w_i: np.ndarray, w_j: np.ndarray, target: float) -> np.ndarray:
    """design.md's construction ``c = −m + s·u``, u ⟂ δ along m's orthogonal part (τ ∈ (−1, 1))."""
    tau = check_target(target)
    w_i = np.asarray(w_i, dtype=np.float64)
    w_j = np.asarray(w_j, dtype=np.float64)
    delta = w_i - w_j
    m = (w_i + w_j) / 2.0
    nd = float(np.linalg.norm(delta))
    delta_hat = delta / nd
    m_perp = m - np.dot(m, delta_hat) * delta_hat
    u, _ = _perpendicular_unit(delta_hat, m_perp, _scale(w_i, w_j))
    s = (nd / 2.0) * math.sqrt((1.0 + tau) / (1.0 - tau))
    return np.asarray(-m + s * u, dtype=np.float64)


def translate_pair(
    W: np.ndarray, i: int, j: int, target: float, *, mean_row_norm: float | None = None
) -> Translation:
    """The least-norm translation for rows i, j of W, with |c| relative to W's mean row norm."""
    if i == j:
        raise PairNotFlippableError(pair_issue(W[i], W[j], i, j))  # type: ignore[arg-type]
    if mean_row_norm is None:
        mean_row_norm = mean_row_norm_of(W)
    issue = pair_issue(W[i], W[j], i, j)
    if issue is not None:
        raise PairNotFlippableError(issue)
    return least_norm_translation(W[i], W[j], target, mean_row_norm=mean_row_norm)


def mean_row_norm_of(W: np.ndarray, block: int = 16384) -> float:
    """Mean Euclidean row norm, blockwise (no V×d float64 copy)."""
    total = 0.0
    for a in range(0, W.shape[0], block):
        blk = np.asarray(W[a : a + block], dtype=np.float32)
        total += float(np.sqrt(np.einsum("ij,ij->i", blk, blk, dtype=np.float64)).sum())
    return float(total / max(1, W.shape[0]))


def mean_row(W: np.ndarray, block: int = 16384) -> np.ndarray:
    """The mean row of W in float64, blockwise."""
    total = np.zeros(W.shape[1], dtype=np.float64)
    for a in range(0, W.shape[0], block):
        total += np.asarray(W[a : a + block], dtype=np.float64).sum(axis=0)
    return np.asarray(total / max(1, W.shape[0]), dtype=np.float64)
