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
        out = np.clip(unit @ unit.T, -1.0, 1.0)
    out[norms == 0, :] = np.nan
    out[:, norms == 0] = np.nan
    return out


def _blocks(n: int, size: int = BLOCK_ROWS) -> Iterator[tuple[int, int]]:
    for a in range(0, n, size):
        yield a, min(n, a + size)


@dataclass
class RowStats:
    """One streaming pass over a head's rows."""

    mean: np.ndarray  # mean row over the rows counted (float64)
    norms: np.ndarray  # |w_i| for every row (float64)
    dot_mean: np.ndarray  # w_i · μ for every row (float64)
    bad_rows: np.ndarray  # indices of rows with NaN/Inf
    zero_rows: np.ndarray  # indices of rows of zero norm
    counted: int  # rows that went into the mean
    mean_norm_ratio: float  # |μ| / mean |w_i| (how far the rows sit off the origin)

    @property
    def mean_norm_sq(self) -> float:
        return float(self.mean @ self.mean)

    def centered_norms(self) -> np.ndarray:
        sq = self.norms**2 - 2.0 * self.dot_mean + self.mean_norm_sq
        return np.sqrt(np.maximum(sq, 0.0))


def row_stats(w: np.ndarray, n_valid: int | None = None) -> RowStats:
    """Norms, mean row and bad rows; the mean counts rows < n_valid that are finite."""
    v, d = w.shape
    n_valid = v if n_valid is None else min(n_valid, v)
    norms = np.empty(v, dtype=np.float64)
    total = np.zeros(d, dtype=np.float64)
    bad: list[np.ndarray] = []
    counted = 0
    for a, b in _blocks(v):
        blk = w[a:b]
        finite = np.isfinite(blk).all(axis=1)
        sq = np.einsum("ij,ij->i", blk, blk, dtype=np.float64)
        norms[a:b] = np.sqrt(sq)
        if not finite.all():
            bad.append(np.flatnonzero(~finite) + a)
        hi = min(b, n_valid)
        if hi > a:
            keep = finite[: hi - a]
            counted += int(keep.sum())
            sub = blk[: hi - a]
            total += sub[keep].sum(axis=0, dtype=np.float64) if not keep.all() else sub.sum(axis=0, dtype=np.float64)
    bad_rows = np.concatenate(bad) if bad else np.empty(0, dtype=np.int64)
    mean = total / max(counted, 1)
    dot_mean = np.empty(v, dtype=np.float64)
    mean32 = mean.astype(np.float32)
    for a, b in _blocks(v):
        dot_mean[a:b] = w[a:b] @ mean32
    norms[bad_rows] = np.nan
    dot_mean[bad_rows] = np.nan
    valid = np.ones(v, dtype=bool)
    valid[n_valid:] = False
    valid[bad_rows] = False
    mean_row_norm = float(np.mean(norms[valid])) if valid.any() else float("nan")
    ratio = float(np.linalg.norm(mean) / mean_row_norm) if mean_row_norm > 0 else float("nan")
    zero_rows = np.flatnonzero(norms == 0)
    return RowStats(mean, norms, dot_mean, bad_rows, zero_rows, counted, ratio)


@dataclass
class Neighbours:
    """Top-k rows by cosine with one query row (the query itself excluded)."""

    ids: np.ndarray
    cosines: np.ndarray


def top_neighbours(
    w: np.ndarray,
    query_ids: list[int],
    k: int,
    stats: RowStats,
    *,
    centered: bool = False,
    n_valid: int | None = None,
) -> list[Neighbours]:
    """For each query row, its k nearest rows by (raw or centered) cosine over the vocabulary.

    Rows past n_valid (padding), rows with NaN/Inf and zero rows are left out.
    """
    v = w.shape[0]
    n_valid = v if n_valid is None else min(n_valid, v)
    q = w[query_ids].astype(np.float64)
    mu = stats.mean
    if centered:
        q = q - mu
        row_norms = stats.centered_norms()
    else:
        row_norms = stats.norms
    q_norms = np.linalg.norm(q, axis=1)
    q32 = q.astype(np.float32)
    shift = (q @ mu) if centered else np.zeros(len(query_ids))
    excluded = np.zeros(v, dtype=bool)
    excluded[n_valid:] = True
    excluded[stats.bad_rows] = True
    excluded[row_norms == 0] = True
    k = max(0, min(k, n_valid - 1))
    best_ids = [np.empty(0, dtype=np.int64) for _ in query_ids]
    best_cos = [np.empty(0, dtype=np.float64) for _ in query_ids]
    for a, b in _blocks(n_valid):
        dots = (w[a:b] @ q32.T).astype(np.float64) - shift[None, :]
        with np.errstate(invalid="ignore", divide="ignore"):
            cos = dots / (row_norms[a:b, None] * q_norms[None, :])
        cos[excluded[a:b], :] = -np.inf
        for col, qi in enumerate(query_ids):
            if a <= qi < b:
                cos[qi - a, col] = -np.inf
            c = cos[:, col]
            take = min(k, c.size)
            if take == 0:
                continue
            part = np.argpartition(-c, take - 1)[:take]
            ids = np.concatenate([best_ids[col], part + a])
            vals = np.concatenate([best_cos[col], c[part]])
            order = np.lexsort((ids, -vals))[:k]
            best_ids[col], best_cos[col] = ids[order], vals[order]
    out = []
    for ids, vals in zip(best_ids, best_cos, strict=True):
        keep = np.isfinite(vals)
        out.append(Neighbours(ids[keep], np.clip(vals[keep], -1.0, 1.0)))
    return out


@dataclass
class PairSample:
    """Raw vs centered cosines over a seeded sample of distinct label pairs."""

    seed: int
    n_pairs: int
    raw: np.ndarray
    centered: np.ndarray
    quantiles: dict[str, dict[str, float]] = field(default_factory=dict)


def sample_pairs(w: np.ndarray, stats: RowStats, *, n_pairs: int, seed: int,
                 n_valid: int | None = None) -> PairSample:
    """Cosines of random distinct pairs among the valid rows, raw and centered."""
    rng = np.random.default_rng(seed)
    valid = _valid_ids(w.shape[0], stats, n_valid)
    if valid.size < 2:
        empty = np.empty(0)
        return PairSample(seed, 0, empty, empty)
    a = rng.choice(valid, size=n_pairs)
    b = rng.choice(valid, size=n_pairs)
    same = a == b
    b[same] = valid[(np.searchsorted(valid, b[same]) + 1) % valid.size]
    wa, wb = w[a].astype(np.float64), w[b].astype(np.float64)
    raw = np.einsum("ij,ij->i", wa, wb) / (stats.norms[a] * stats.norms[b])
    ca, cb = wa - stats.mean, wb - stats.mean
    cn = stats.centered_norms()
    with np.errstate(invalid="ignore", divide="ignore"):
        cen = np.einsum("ij,ij->i", ca, cb) / (cn[a] * cn[b])
    raw, cen = np.clip(raw, -1, 1), np.clip(cen, -1, 1)
    qs = (0.01, 0.25, 0.5, 0.75, 0.99)
    quant = {
        "raw": {f"q{int(q * 100):02d}": float(np.nanquantile(raw, q)) for q in qs},
        "centered": {f"q{int(q * 100):02d}": float(np.nanquantile(cen, q)) for q in qs},
    }
    quant["raw"]["mean"] = float(np.nanmean(raw))
    quant["centered"]["mean"] = float(np.nanmean(cen))
    return PairSample(seed, n_pairs, raw, cen, quant)


def _valid_ids(v: int, stats: RowStats, n_valid: int | None) -> np.ndarray:
    n_valid = v if n_valid is None else min(n_valid, v)
    ok = np.ones(v, dtype=bool)
    ok[n_valid:] = False
    ok[stats.bad_rows] = False
    ok[stats.zero_rows] = False
    return np.flatnonzero(ok)


@dataclass
class TopPair:
    i: int
    j: int
    cosine: float
    centered_cosine: float


def most_similar_pairs(w: np.ndarray, stats: RowStats, *, sample_rows: int, seed: int, k: int,
                       n_valid: int | None = None) -> tuple[list[TopPair], int]:
    """The k most similar pairs (raw cosine) among a seeded sample of rows; (pairs, rows searched).

    All pairs of the whole vocabulary would cost V² d operations; the sample bounds the cost and
    is stated in the report.
    """
    rng = np.random.default_rng(seed)
    valid = _valid_ids(w.shape[0], stats, n_valid)
    rows = valid if valid.size <= sample_rows else np.sort(rng.choice(valid, sample_rows, replace=False))
    x = w[rows].astype(np.float64)
    raw = cosine_matrix(x)
    cen = cosine_matrix(x - stats.mean)
    iu = np.triu_indices(len(rows), 1)
    vals = raw[iu]
    if vals.size == 0:
        return [], len(rows)
    take = min(k, vals.size)
    top = np.argpartition(-vals, take - 1)[:take]
    top = top[np.argsort(-vals[top], kind="stable")]
    pairs = [TopPair(int(rows[iu[0][t]]), int(rows[iu[1][t]]), float(vals[t]), float(cen[iu][t]))
             for t in top]
    return pairs, len(rows)
