"""Cosines between rows of a head: raw and centered, for chosen labels and vocabulary-wide.

Centering subtracts the mean row μ. It is never materialised as a second V × d matrix: with
w' = w − μ, w'·q' = w·q' − μ·q' and |w'|² = |w|² − 2 w·μ + |μ|², so one pass over the rows
serves both. A zero row has no direction: its cosines are NaN (undefined), never 0.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np

BLOCK_ROWS = 8192


def cosine(u: np.ndarray, v: np.ndarray) -> float:
    """cos(u, v) in float64; NaN when either vector is zero (undefined)."""
    u64 = np.asarray(u, dtype=np.float64).ravel()
    v64 = np.asarray(v, dtype=np.float64).ravel()
    if u64.shape != v64.shape:
        raise ValueError(f"vectors of different lengths: {u64.size} and {v64.size}")
    nu, nv = float(np.linalg.norm(u64)), float(np.linalg.norm(v64))
    if nu == 0.0 or nv == 0.0:
        return float("nan")
    return float(np.clip(u64 @ v64 / (nu * nv), -1.0, 1.0))


def cosine_matrix(x: np.ndarray) -> np.ndarray:
    """Pairwise cosines of the rows of x (float64); rows of zero norm give NaN."""
    x64 = np.asarray(x, dtype=np.float64)
    norms = np.linalg.norm(x64, axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        unit = x64 / norms[:, None]
        out: np.ndarray = np.clip(unit @ unit.T, -1.0, 1.0)
    out[norms == 0, :] = np.nan
    out[:, norms == 0] = np.nan
    return out


def _blocks(n: int, size: int = BLOCK_ROWS) -> Iterator[tuple[int, int]]:
    for a in range(0, n, size):
        yield a, min(n, a + size)


@dataclass
class RowStats:
    """Per-row norms, the mean row and the bad rows of a head (one streaming pass)."""

    mean: np.ndarray  # mean row over the rows counted (float64)
    norms: np.ndarray  # |w_i| for every row (float64; NaN for rows with NaN/Inf)
    bad_rows: np.ndarray  # indices of rows with NaN/Inf
    zero_rows: np.ndarray  # indices of rows of zero norm
    counted: int  # rows that went into the mean
    mean_norm_ratio: float  # |μ| / mean |w_i| (how far the rows sit off the origin)
    dot_mean: np.ndarray | None = None  # w_i · μ, filled by `vocabulary_pass`

    @property
    def mean_norm_sq(self) -> float:
        return float(self.mean @ self.mean)

    def centered_norms(self) -> np.ndarray:
        if self.dot_mean is None:
            raise ValueError("centered norms need w·μ: run vocabulary_pass first")
        sq = self.norms**2 - 2.0 * self.dot_mean + self.mean_norm_sq
        return np.sqrt(np.maximum(sq, 0.0))


def finish_row_stats(total: np.ndarray, counted: int, norms: np.ndarray, bad_rows: np.ndarray,
                     n_valid: int) -> RowStats:
    """RowStats from a pass's column sum, count of rows summed, row norms and bad rows."""
    norms[bad_rows] = np.nan
    mean = total / max(counted, 1)
    valid = np.ones(norms.size, dtype=bool)
    valid[n_valid:] = False
    valid[bad_rows] = False
    mean_row_norm = float(np.mean(norms[valid])) if valid.any() else float("nan")
    ratio = float(np.linalg.norm(mean) / mean_row_norm) if mean_row_norm > 0 else float("nan")
    return RowStats(mean, norms, bad_rows, np.flatnonzero(norms == 0), counted, ratio)


class RowStatsAccumulator:
    """Builds `RowStats` from blocks of rows as they are read (no second pass over the matrix)."""

    def __init__(self, v: int, d: int, n_valid: int | None = None):
        self.v, self.d = v, d
        self.n_valid = v if n_valid is None else min(n_valid, v)
        self.norms = np.full(v, np.nan, dtype=np.float64)
        self.total = np.zeros(d, dtype=np.float64)
        self.bad: list[np.ndarray] = []
        self.counted = 0

    def add(self, start: int, block: np.ndarray) -> None:
        b = start + block.shape[0]
        with np.errstate(invalid="ignore", over="ignore"):
            sq = np.einsum("ij,ij->i", block, block).astype(np.float64)
        # a row with NaN/Inf has a non-finite sum of squares (so does one with |x| > 1e19)
        finite = np.isfinite(sq)
        self.norms[start:b] = np.sqrt(sq)
        if not finite.all():
            self.bad.append(np.flatnonzero(~finite) + start)
        hi = min(b, self.n_valid)
        if hi > start:
            keep = finite[: hi - start]
            sub = block[: hi - start]
            if keep.all():
                # a float32 GEMV per block, accumulated in float64 across blocks: fast and exact enough
                self.total += np.ones(sub.shape[0], dtype=np.float32) @ sub
            else:
                self.total += np.ones(int(keep.sum()), dtype=np.float32) @ sub[keep]
            self.counted += int(keep.sum())

    def finish(self) -> RowStats:
        bad_rows = np.concatenate(self.bad) if self.bad else np.empty(0, dtype=np.int64)
        norms = self.norms
        return finish_row_stats(self.total, self.counted, norms, bad_rows, self.n_valid)


def row_stats(w: np.ndarray, n_valid: int | None = None) -> RowStats:
    """Norms, mean row and bad rows of an in-memory matrix; the mean counts finite rows < n_valid.

    Also fills `dot_mean`, so centered norms are available at once.
    """
    acc = RowStatsAccumulator(w.shape[0], w.shape[1], n_valid)
    for a, b in _blocks(w.shape[0]):
        acc.add(a, w[a:b])
    stats = acc.finish()
    vocabulary_pass(w, stats, [], 0, n_valid=n_valid)
    return stats


@dataclass
class Neighbours:
    """Top-k rows by cosine with one query row (the query itself excluded)."""

    ids: np.ndarray
    cosines: np.ndarray


def vocabulary_pass(
    w: np.ndarray,
    stats: RowStats,
    query_ids: list[int],
    k: int,
    *,
    n_valid: int | None = None,
) -> tuple[list[Neighbours], list[Neighbours]]:
    """One GEMM pass over all rows: each query's k nearest rows by raw and by centered cosine,
    and w·μ for every row (stored in `stats.dot_mean`).

    The mean row rides along as one more column, so centered cosines need no centered copy:
    (w−μ)·(q−μ) = w·q − w·μ − μ·q + |μ|². Rows past n_valid (padding), rows with NaN/Inf and
    zero rows are left out of the neighbours.
    """
    v = w.shape[0]
    n_valid = v if n_valid is None else min(n_valid, v)
    cols = np.vstack([w[query_ids].astype(np.float32).reshape(-1, w.shape[1]),
                      stats.mean.astype(np.float32)[None, :]])
    dots = np.empty((v, len(query_ids)), dtype=np.float64)
    dot_mean = np.empty(v, dtype=np.float64)
    for a, b in _blocks(v):
        with np.errstate(invalid="ignore", over="ignore"):  # NaN/Inf rows are reported, not warned
            d = (w[a:b] @ cols.T).astype(np.float64)
        dot_mean[a:b] = d[:, -1]
        dots[a:b] = d[:, :-1]
    dot_mean[stats.bad_rows] = np.nan
    stats.dot_mean = dot_mean
    return _neighbours_from_dots(dots, stats, list(query_ids), k, n_valid)


def _top(scores: np.ndarray, k: int) -> Neighbours:
    take = min(k, int(np.isfinite(scores).sum()))
    if take <= 0:
        return Neighbours(np.empty(0, dtype=np.int64), np.empty(0))
    part = np.argpartition(-scores, take - 1)[:take]
    order = np.lexsort((part, -scores[part]))
    ids = part[order]
    return Neighbours(ids.astype(np.int64), np.clip(scores[ids], -1.0, 1.0))


def top_neighbours(
    w: np.ndarray,
    query_ids: list[int],
    k: int,
    stats: RowStats,
    *,
    centered: bool = False,
    n_valid: int | None = None,
) -> list[Neighbours]:
    """For each query row, its k nearest rows by (raw or centered) cosine over the vocabulary."""
    raw, cen = vocabulary_pass(w, stats, list(query_ids), k, n_valid=n_valid)
    return cen if centered else raw


@dataclass
class PairSample:
    """Raw vs centered cosines over a seeded sample of distinct label pairs."""

    seed: int
    n_pairs: int
    raw: np.ndarray
    centered: np.ndarray
    quantiles: dict[str, dict[str, float]] = field(default_factory=dict)


@dataclass
class TopPair:
    i: int
    j: int
    cosine: float
    centered_cosine: float


@dataclass
class ScanResult:
    """What one streamed scan of a head yields (see `VocabularyScan`)."""

    stats: RowStats
    raw_neighbours: list[Neighbours]
    centered_neighbours: list[Neighbours]
    sample_ids: np.ndarray  # the seeded sample of valid rows (sorted)
    sample_rows: np.ndarray  # their float32 rows


class VocabularyScan:
    """Vocabulary-wide figures from two streamed passes over a head's rows, in blocks.

    Pass 1 takes norms, the mean row, bad rows, each query's dot products with every row, and a
    copy of a seeded sample of rows; pass 2 takes w·μ for every row (μ is known only after pass
    1). Nothing of size V × d is ever held: memory is the block buffer plus V × (queries + 3)
    numbers and the sample. Centered cosines come from (w−μ)·(q−μ) = w·q − w·μ − μ·q + |μ|².
    """

    def __init__(self, v: int, d: int, queries: np.ndarray, *, n_valid: int | None = None,
                 sample_size: int = 4096, seed: int = 0, probes: np.ndarray | None = None):
        self.v, self.d = v, d
        self.n_valid = v if n_valid is None else min(n_valid, v)
        self.acc = RowStatsAccumulator(v, d, self.n_valid)
        self.q = np.asarray(queries, dtype=np.float32).reshape(-1, d)
        self.dots = np.empty((v, self.q.shape[0]), dtype=np.float64)
        rng = np.random.default_rng(seed)
        take = min(sample_size, self.n_valid)
        self.sample_ids = np.sort(rng.choice(self.n_valid, size=take, replace=False))
        self.sample_rows = np.empty((take, d), dtype=np.float32)
        self.dot_mean = np.empty(v, dtype=np.float64)
        self.stats: RowStats | None = None
        # probe hidden states h (N × d): their logits W h ride along in pass 2
        self.probes = None if probes is None else np.asarray(probes, dtype=np.float32).reshape(-1, d)
        self.logits = None if self.probes is None else np.empty((v, self.probes.shape[0]))

    def add_first(self, start: int, block: np.ndarray) -> None:
        stop = start + block.shape[0]
        self.acc.add(start, block)
        if self.q.shape[0]:
            with np.errstate(invalid="ignore", over="ignore"):
                self.dots[start:stop] = block @ self.q.T
        lo, hi = np.searchsorted(self.sample_ids, [start, stop])
        if hi > lo:
            self.sample_rows[lo:hi] = block[self.sample_ids[lo:hi] - start]

    def finish_first(self) -> np.ndarray:
        """Close pass 1; returns μ (float32) for pass 2."""
        self.stats = self.acc.finish()
        return self.stats.mean.astype(np.float32)

    def add_second(self, start: int, block: np.ndarray) -> None:
        assert self.stats is not None, "finish_first() before pass 2"
        stop = start + block.shape[0]
        mu = self.stats.mean.astype(np.float32)[:, None]
        cols = mu if self.probes is None else np.hstack([mu, self.probes.T])
        with np.errstate(invalid="ignore", over="ignore"):
            out = block @ cols
        self.dot_mean[start:stop] = out[:, 0]
        if self.logits is not None:
            self.logits[start:stop] = out[:, 1:]

    def result(self, query_ids: list[int], k: int) -> ScanResult:
        stats = self.stats
        assert stats is not None
        self.dot_mean[stats.bad_rows] = np.nan
        stats.dot_mean = self.dot_mean
        raw_nb, cen_nb = _neighbours_from_dots(self.dots, stats, query_ids, k, self.n_valid)
        keep = np.isfinite(stats.norms[self.sample_ids]) & (stats.norms[self.sample_ids] > 0)
        return ScanResult(stats, raw_nb, cen_nb, self.sample_ids[keep], self.sample_rows[keep])


def _neighbours_from_dots(dots: np.ndarray, stats: RowStats, query_ids: list[int], k: int,
                          n_valid: int) -> tuple[list[Neighbours], list[Neighbours]]:
    """Top-k raw and centered cosine neighbours from each query's dots with every row."""
    empty = Neighbours(np.empty(0, dtype=np.int64), np.empty(0))
    if not query_ids or k <= 0:
        return [empty for _ in query_ids], [empty for _ in query_ids]
    assert stats.dot_mean is not None
    v = dots.shape[0]
    cen_norms = stats.centered_norms()
    excluded = np.zeros(v, dtype=bool)
    excluded[n_valid:] = True
    excluded[stats.bad_rows] = True
    excluded[stats.norms == 0] = True  # a zero row has no direction, centered or not
    qmu = stats.dot_mean[query_ids]
    q_cn = cen_norms[query_ids]
    k = max(0, min(k, n_valid - 1))
    raw_out: list[Neighbours] = []
    cen_out: list[Neighbours] = []
    with np.errstate(invalid="ignore", divide="ignore"):
        for col, qi in enumerate(query_ids):
            raw = dots[:, col] / (stats.norms * stats.norms[qi])
            cen = (dots[:, col] - stats.dot_mean - qmu[col] + stats.mean_norm_sq) / (cen_norms * q_cn[col])
            for arr, norms, out in ((raw, stats.norms, raw_out), (cen, cen_norms, cen_out)):
                arr[excluded | (norms == 0) | ~np.isfinite(arr)] = -np.inf
                arr[qi] = -np.inf
                out.append(_top(arr, k))
    return raw_out, cen_out


def _sample_geometry(ids: np.ndarray, rows: np.ndarray, stats: RowStats
                     ) -> tuple[np.ndarray, np.ndarray]:
    """Raw and centered cosine matrices of sampled rows from one float32 Gram matrix."""
    assert stats.dot_mean is not None
    gram = (rows @ rows.T).astype(np.float64)
    n = stats.norms[ids]
    dm = stats.dot_mean[ids]
    cn = np.sqrt(np.maximum(n**2 - 2 * dm + stats.mean_norm_sq, 0.0))
    with np.errstate(invalid="ignore", divide="ignore"):
        raw = np.clip(gram / np.outer(n, n), -1, 1)
        cen = np.clip((gram - dm[:, None] - dm[None, :] + stats.mean_norm_sq) / np.outer(cn, cn), -1, 1)
    return raw, cen


def sample_pairs(ids: np.ndarray, rows: np.ndarray, stats: RowStats, *, n_pairs: int, seed: int,
                 raw_cen: tuple[np.ndarray, np.ndarray] | None = None) -> PairSample:
    """Cosines of seeded random distinct pairs among the sampled rows, raw and centered."""
    m = len(ids)
    if m < 2 or n_pairs <= 0:
        empty = np.empty(0)
        return PairSample(seed, 0, empty, empty)
    raw_m, cen_m = raw_cen if raw_cen is not None else _sample_geometry(ids, rows, stats)
    rng = np.random.default_rng(seed + 1)
    a = rng.integers(0, m, size=n_pairs)
    b = (a + rng.integers(1, m, size=n_pairs)) % m  # b ≠ a
    raw, cen = raw_m[a, b], cen_m[a, b]
    qs = (0.01, 0.25, 0.5, 0.75, 0.99)
    quant = {
        "raw": {f"q{int(q * 100):02d}": float(np.nanquantile(raw, q)) for q in qs},
        "centered": {f"q{int(q * 100):02d}": float(np.nanquantile(cen, q)) for q in qs},
    }
    quant["raw"]["mean"] = float(np.nanmean(raw))
    quant["centered"]["mean"] = float(np.nanmean(cen))
    return PairSample(seed, n_pairs, raw, cen, quant)


def most_similar_pairs(ids: np.ndarray, rows: np.ndarray, stats: RowStats, *, k: int,
                       raw_cen: tuple[np.ndarray, np.ndarray] | None = None) -> list[TopPair]:
    """The k most similar pairs (raw cosine) among the sampled rows.

    All pairs of the whole vocabulary would cost V² d operations; the sample bounds the cost and
    its size is stated in the report.
    """
    if len(ids) < 2:
        return []
    raw, cen = raw_cen if raw_cen is not None else _sample_geometry(ids, rows, stats)
    iu = np.triu_indices(len(ids), 1)
    vals = np.nan_to_num(raw[iu], nan=-np.inf)
    take = min(k, vals.size)
    top = np.argpartition(-vals, take - 1)[:take]
    top = top[np.argsort(-vals[top], kind="stable")]
    cen_vals = cen[iu]
    return [TopPair(int(ids[iu[0][t]]), int(ids[iu[1][t]]), float(vals[t]), float(cen_vals[t]))
            for t in top]


def sample_geometry(ids: np.ndarray, rows: np.ndarray, stats: RowStats) -> tuple[np.ndarray, np.ndarray]:
    """Public form of the sampled rows' raw and centered cosine matrices (shared by callers)."""
    return _sample_geometry(ids, rows, stats)
