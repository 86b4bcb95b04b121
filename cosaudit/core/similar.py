"""Behavioural similarity of labels, measured on hidden states: identifiable by construction.

For N hidden states h (the vectors the head multiplies) the head gives logits z = W h + b
(soft-capped to cap·tanh(z/cap) when the head does that). Every number here is a function of the
predicted probabilities, so it is the same in every equivalent model (translation, rescaling,
any change of the head that keeps the probabilities):

- `correlation`: Pearson correlation across inputs of log p(i) and log p(j) (sigmoid heads: of
  the logits, the log-odds of each label);
- `cotop`: inputs where both labels are in the top-k, over inputs where either is (sigmoid:
  both fire, p > threshold, over either fires);
- `runner_up`: among inputs where i is the top prediction, the fraction where j is second
  (NaN, undefined, when i is never top).

Ranks break ties by the lower row index (what `argmax` does), so two identical rows rank the
lower index first. Nothing of size N × V is held: inputs go through in blocks whose logits take
about `BLOCK_BYTES`; per block the log-sum-exp over the vocabulary, the needed columns and the
top ranks (argpartition) are kept, and sums are accumulated in float64.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

Progress = Callable[[int, int], None]  # (inputs done, inputs in all)

BLOCK_BYTES = 48 * 2**20  # logits of one block of inputs
SAMPLE_COLUMNS = 1024  # top-k: a lower bound of the k-th largest from this many columns
SMALL_HEAD = 2**20  # V·d up to this: compute in float64, else float32


@dataclass(frozen=True)
class HeadMath:
    """What the similarity pass needs of a head."""

    weight: np.ndarray  # V × d
    bias: np.ndarray | None = None  # V
    softcap: float | None = None
    head_type: str = "softmax"  # or "sigmoid"
    threshold: float = 0.5  # sigmoid heads: a label fires when p > threshold

    @property
    def dtype(self) -> np.dtype:
        v, d = self.weight.shape
        return np.dtype(np.float64 if v * d <= SMALL_HEAD else np.float32)

    @property
    def n_labels(self) -> int:
        return int(self.weight.shape[0])


def apply_final_norm(x: np.ndarray, kind: str, gain: np.ndarray | None, shift: np.ndarray | None,
                     eps: float) -> np.ndarray:
    """h = gain ⊙ n(x) + shift with n the LayerNorm (mean-free, unit variance) or RMSNorm of x.

    `gain` is the effective gain (Gemma's 1 + weight already added); float64 out.
    """
    x = np.asarray(x, dtype=np.float64)
    if kind == "layernorm":
        x = x - x.mean(axis=1, keepdims=True)
    elif kind != "rmsnorm":
        raise ValueError(f"unknown norm kind {kind!r}")
    n = x / np.sqrt((x * x).mean(axis=1, keepdims=True) + eps)
    if gain is not None:
        n = n * np.asarray(gain, dtype=np.float64)
    if shift is not None:
        n = n + np.asarray(shift, dtype=np.float64)
    return np.asarray(n)


# ----------------------------------------------------------------------------- one block


@dataclass
class Block:
    """Logits of a block of inputs, their log-sum-exp (softmax) and top ranks."""

    z: np.ndarray  # n_b × V, after the soft-cap
    lse: np.ndarray | None  # n_b (softmax heads)
    ranked: np.ndarray  # n_b × kk row ids, best first (ties: lower id first)


def block_rows(head: HeadMath, budget: int = BLOCK_BYTES) -> int:
    return max(1, min(8192, budget // max(1, head.n_labels * head.dtype.itemsize)))


def logits(head: HeadMath, h: np.ndarray) -> np.ndarray:
    """z = h Wᵀ + b, soft-capped, in the head's working dtype."""
    dt = head.dtype
    z = np.asarray(h, dtype=dt) @ np.asarray(head.weight, dtype=dt).T
    if head.bias is not None:
        z += np.asarray(head.bias, dtype=dt)
    if head.softcap is not None:
        cap = dt.type(head.softcap)
        z /= cap
        np.tanh(z, out=z)
        z *= cap
    return np.asarray(z)


def logsumexp_rows(z: np.ndarray) -> np.ndarray:
    """log Σ_j exp z_j per row, without a second n_b × V array beyond one scratch."""
    m = z.max(axis=1)
    tmp = z - m[:, None]
    np.exp(tmp, out=tmp)
    return np.asarray(m + np.log(tmp.sum(axis=1)))


def ranked_top(z: np.ndarray, kk: int) -> np.ndarray:
    """Ids of the kk largest entries per row, best first; exact ties go to the lower id.

    The kk-th largest of the first `SAMPLE_COLUMNS` columns is a lower bound of the kk-th
    largest overall, so every entry at or above it is a candidate: the candidates (a few per
    row) are sorted instead of partitioning all V columns.
    """
    n, v = z.shape
    kk = min(kk, v)
    if kk == v:
        return np.argsort(-z, axis=1, kind="stable")
    if v >= 4 * SAMPLE_COLUMNS and kk <= SAMPLE_COLUMNS // 8:
        out = _ranked_by_candidates(z, kk)
        if out is not None:
            return out
    part = np.argpartition(z, v - kk, axis=1)[:, v - kk:]
    return _sort_candidates(z, part, kk, exact_set=False)


def _ranked_by_candidates(z: np.ndarray, kk: int) -> np.ndarray | None:
    n = z.shape[0]
    bound = np.partition(z[:, :SAMPLE_COLUMNS], SAMPLE_COLUMNS - kk, axis=1)[:, SAMPLE_COLUMNS - kk]
    rows, cols = np.nonzero(z >= bound[:, None])
    counts = np.bincount(rows, minlength=n)
    width = int(counts.max())
    if width > 8 * SAMPLE_COLUMNS:  # a flat row: candidates do not save anything
        return None
    cand = np.full((n, width), -1, dtype=np.int64)
    pos = np.arange(rows.size) - np.repeat(np.cumsum(counts) - counts, counts)
    cand[rows, pos] = cols
    return _sort_candidates(z, cand, kk, exact_set=True)


def _sort_candidates(z: np.ndarray, cand: np.ndarray, kk: int, *, exact_set: bool) -> np.ndarray:
    """Sort candidate ids per row by (−z, id); pads (−1) last. Unless every entry at or above
    the kk-th is among the candidates (`exact_set`), rows with a tie at the boundary are redone."""
    vals = np.where(cand >= 0, np.take_along_axis(z, np.maximum(cand, 0), axis=1), -np.inf)
    key = np.where(cand >= 0, cand, np.iinfo(np.int64).max)
    order = np.lexsort((key, -vals), axis=-1)
    out = np.take_along_axis(cand, order, axis=1)[:, :kk]
    if not exact_set:
        last = np.take_along_axis(z, out[:, -1:], axis=1)
        for r in np.flatnonzero((z >= last).sum(axis=1) > kk):
            out[r] = np.argsort(-z[r], kind="stable")[:kk]
    return out


def blocks(head: HeadMath, hidden: np.ndarray, kk: int, rows: int | None = None,
           progress: Progress | None = None) -> Iterator[Block]:
    """The pass over the inputs, one block at a time."""
    rows = rows or block_rows(head)
    n = hidden.shape[0]
    for a in range(0, n, rows):
        z = logits(head, hidden[a : a + rows])
        lse = logsumexp_rows(z) if head.head_type == "softmax" else None
        yield Block(z, lse, ranked_top(z, kk))
        if progress is not None:
            progress(min(n, a + rows), n)


def _fire_logit(head: HeadMath) -> float:
    t = head.threshold
    return float(np.log(t) - np.log1p(-t))


def _membership(head: HeadMath, blk: Block, top: int, cols: np.ndarray | None = None) -> np.ndarray:
    """n_b × (V or len(cols)) booleans: in the top-k (softmax), or firing (sigmoid)."""
    if head.head_type == "sigmoid":
        z = blk.z if cols is None else blk.z[:, cols]
        return z > _fire_logit(head)
    v = blk.z.shape[1] if cols is None else len(cols)
    out = np.zeros((blk.z.shape[0], v), dtype=bool)
    top_ids = blk.ranked[:, :top]
    if cols is None:
        np.put_along_axis(out, top_ids, True, axis=1)
    else:
        out[:] = (top_ids[:, :, None] == np.asarray(cols)[None, None, :]).any(axis=1)
    return out


# ----------------------------------------------------------------------------- chosen labels


@dataclass(frozen=True)
class PairStats:
    """The three numbers for every pair of chosen labels (m × m; NaN = undefined)."""

    ids: tuple[int, ...]
    n_inputs: int
    correlation: np.ndarray
    cotop: np.ndarray
    runner_up: np.ndarray
    top_count: np.ndarray  # inputs where the label is the top prediction
    member_count: np.ndarray  # inputs where it is in the top-k (sigmoid: fires)


def _safe_ratio(num: np.ndarray, den: np.ndarray) -> np.ndarray:
    num = np.asarray(num, dtype=np.float64)
    den = np.asarray(den, dtype=np.float64)
    out = np.full(np.broadcast(num, den).shape, np.nan)
    np.divide(num, den, out=out, where=den > 0)
    return out


def correlation_matrix(x: np.ndarray) -> np.ndarray:
    """Pearson correlation of the columns of x (float64); NaN for a (numerically) constant column."""
    x = np.asarray(x, dtype=np.float64)
    c = x - x.mean(axis=0)
    sd = np.sqrt((c * c).mean(axis=0))
    scale = np.abs(x).mean(axis=0) + 1.0
    ok = sd > 1e-9 * scale
    with np.errstate(invalid="ignore", divide="ignore"):
        u = c / np.where(ok, sd, 1.0)
        r = np.clip(u.T @ u / x.shape[0], -1.0, 1.0)
    r[~ok, :] = np.nan
    r[:, ~ok] = np.nan
    return np.asarray(r)


def pair_similarity(head: HeadMath, hidden: np.ndarray, ids: list[int], *, top: int = 10,
                    rows: int | None = None, progress: Progress | None = None) -> PairStats:
    """Correlation, co-top and runner-up rates of the chosen rows over the N inputs."""
    cols = np.asarray(ids, dtype=np.int64)
    m, n = len(cols), hidden.shape[0]
    values = np.empty((n, m), dtype=np.float64)
    both = np.zeros((m, m), dtype=np.int64)
    runner = np.zeros((m, m), dtype=np.int64)
    top_count = np.zeros(m, dtype=np.int64)
    at = 0
    for blk in blocks(head, hidden, max(top, 2), rows, progress):
        nb = blk.z.shape[0]
        vals = blk.z[:, cols].astype(np.float64)
        values[at : at + nb] = vals if blk.lse is None else vals - blk.lse[:, None].astype(np.float64)
        at += nb
        member = _membership(head, blk, top, cols).astype(np.int64)
        both += member.T @ member
        first = (blk.ranked[:, :1] == cols[None, :]).astype(np.int64)
        second = (blk.ranked[:, 1:2] == cols[None, :]).astype(np.int64)
        runner += first.T @ second
        top_count += first.sum(axis=0)
    counts = np.diag(both).copy()
    either = counts[:, None] + counts[None, :] - both
    return PairStats(
        ids=tuple(int(i) for i in ids),
        n_inputs=n,
        correlation=correlation_matrix(values),
        cotop=_safe_ratio(both, either),
        runner_up=_safe_ratio(runner, top_count[:, None]),
        top_count=top_count,
        member_count=counts,
    )


# ----------------------------------------------------------------------------- one label vs all


@dataclass(frozen=True)
class VocabStats:
    """One label against every row: the three numbers as length-V arrays (NaN = undefined)."""

    label: int
    n_inputs: int
    correlation: np.ndarray
    cotop: np.ndarray
    runner_up: np.ndarray
    top_count: int
    member_count: np.ndarray


class _Moments:
    """Blockwise sums for the correlation of one column x with every column of Y.

    Values are shifted by the first block's column means before summing, so the float64
    moments do not lose the variance to the (large, negative) mean of log-probabilities.
    """

    def __init__(self, v: int) -> None:
        self.n = 0
        self.ref_x = 0.0
        self.ref_y: np.ndarray | None = None
        self.sx = self.sxx = 0.0
        self.sy = np.zeros(v)
        self.syy = np.zeros(v)
        self.sxy = np.zeros(v)

    def add(self, x: np.ndarray, y: np.ndarray) -> None:
        """x: n_b, y: n_b × V (modified in place)."""
        if self.ref_y is None:
            self.ref_x = float(x.mean())
            self.ref_y = y.mean(axis=0)
        y -= self.ref_y
        xs = (x.astype(np.float64) - self.ref_x)
        self.n += x.shape[0]
        self.sx += float(xs.sum())
        self.sxx += float(xs @ xs)
        self.sy += y.sum(axis=0)
        self.syy += np.einsum("ij,ij->j", y, y)
        self.sxy += xs.astype(y.dtype) @ y

    def correlation(self) -> np.ndarray:
        n = float(self.n)
        vx = self.sxx / n - (self.sx / n) ** 2
        vy = self.syy / n - (self.sy / n) ** 2
        cov = self.sxy / n - (self.sx / n) * (self.sy / n)
        tol = 1e-10 if self.sy.dtype == np.float64 else 1e-6
        ok = (vy > tol * (self.syy / n + 1e-30)) & (vx > tol * (self.sxx / n + 1e-30))
        out = np.full(vy.shape, np.nan)
        with np.errstate(invalid="ignore", divide="ignore"):
            np.divide(cov, np.sqrt(np.maximum(vx, 0.0) * np.maximum(vy, 0.0)), out=out, where=ok)
        return np.asarray(np.clip(out, -1.0, 1.0))


def vocab_similarity(head: HeadMath, hidden: np.ndarray, label: int, *, top: int = 10,
                     rows: int | None = None, progress: Progress | None = None) -> VocabStats:
    """Correlation, co-top and runner-up rates of row `label` with every row, in one pass."""
    v = head.n_labels
    mom = _Moments(v)
    member_count = np.zeros(v, dtype=np.int64)
    both = np.zeros(v, dtype=np.int64)
    runner = np.zeros(v, dtype=np.int64)
    top_count = 0
    for blk in blocks(head, hidden, max(top, 2), rows, progress):
        _block_counts(head, blk, top, label, member_count, both)
        is_top = blk.ranked[:, 0] == label
        top_count += int(is_top.sum())
        runner += np.bincount(blk.ranked[is_top, 1], minlength=v)
        y = blk.z
        if blk.lse is not None:
            y -= blk.lse[:, None]
        mom.add(y[:, label].copy(), y)
    either = member_count[label] + member_count - both
    return VocabStats(
        label=int(label),
        n_inputs=int(hidden.shape[0]),
        correlation=mom.correlation(),
        cotop=_safe_ratio(both, either),
        runner_up=_safe_ratio(runner, np.full(v, top_count)),
        top_count=top_count,
        member_count=member_count,
    )


def _block_counts(head: HeadMath, blk: Block, top: int, label: int, member_count: np.ndarray,
                  both: np.ndarray) -> None:
    """Add this block's top-k (or firing) counts: of every label, and of every label with `label`."""
    v = member_count.shape[0]
    if head.head_type == "sigmoid":
        fired = blk.z > _fire_logit(head)
        member_count += fired.sum(axis=0)
        rows = fired[:, label]
        both += fired[rows].sum(axis=0)
        return
    top_ids = blk.ranked[:, :top]
    member_count += np.bincount(top_ids.ravel(), minlength=v)
    rows = (top_ids == label).any(axis=1)
    both += np.bincount(top_ids[rows].ravel(), minlength=v)


# ----------------------------------------------------------------------------- cosines


def cosine_range(w_i: np.ndarray, w_j: np.ndarray, *, translate: bool, rescale: bool) -> tuple[float, float] | None:
    """The cosines the pair takes across equivalent models: (low, high), or None when fixed.

    Translation reaches −1 and +1 for any two distinct rows (d ≥ 2). Rescaling alone moves
    the cosine towards −1 when some coordinate has opposite signs in the two rows and towards
    +1 when some coordinate has equal signs (approached, as the scale concentrates there).
    """
    w_i = np.asarray(w_i, dtype=np.float64)
    w_j = np.asarray(w_j, dtype=np.float64)
    if np.array_equal(w_i, w_j) or not w_i.any() or not w_j.any():
        return None
    if translate and w_i.shape[0] >= 2:
        return (-1.0, 1.0)
    if not rescale:
        return None
    prod = w_i * w_j
    cos = float(w_i @ w_j / (np.linalg.norm(w_i) * np.linalg.norm(w_j)))
    low = -1.0 if (prod < 0).any() else cos
    high = 1.0 if (prod > 0).any() else cos
    return None if low == high else (min(low, cos), max(high, cos))
