"""Cosines, centering, row statistics and blockwise top-k neighbours, against brute force."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from cosaudit.core import cosine as C

FAST = settings(max_examples=60, deadline=None)

# entries away from float32 under/overflow, so float64 norms are exact enough to compare
ENTRY = st.one_of(st.just(0.0), st.floats(-1e3, -1e-3), st.floats(1e-3, 1e3))


def matrices(min_rows: int = 1, max_rows: int = 8, max_dim: int = 6):  # type: ignore[no-untyped-def]
    return st.tuples(st.integers(min_rows, max_rows), st.integers(1, max_dim)).flatmap(
        lambda s: arrays(np.float64, s, elements=ENTRY)
    )


def _brute(x: np.ndarray) -> np.ndarray:
    n = x.shape[0]
    return np.array([[C.cosine(x[i], x[j]) for j in range(n)] for i in range(n)])


@FAST
@given(matrices())
def test_cosine_matrix_properties(x: np.ndarray) -> None:
    m = C.cosine_matrix(x)
    zero = np.linalg.norm(x, axis=1) == 0
    np.testing.assert_array_equal(
        np.isnan(m), zero[:, None] | zero[None, :]
    )  # zero rows: undefined
    ok = ~np.isnan(m)
    assert np.all(np.abs(m[ok]) <= 1.0)
    np.testing.assert_array_equal(m, m.T)
    np.testing.assert_allclose(np.diag(m)[~zero], 1.0, atol=1e-12)
    np.testing.assert_allclose(m, _brute(x), atol=1e-12, equal_nan=True)


@FAST
@given(matrices(), st.data())
def test_cosine_matrix_is_scale_invariant(x: np.ndarray, data: st.DataObject) -> None:
    scales = np.array(
        data.draw(st.lists(st.floats(1e-3, 1e3), min_size=x.shape[0], max_size=x.shape[0]))
    )
    signs = np.array(
        data.draw(st.lists(st.sampled_from([-1.0, 1.0]), min_size=x.shape[0], max_size=x.shape[0]))
    )
    m = C.cosine_matrix(x)
    scaled = C.cosine_matrix(x * (scales * signs)[:, None])
    np.testing.assert_allclose(scaled, m * np.outer(signs, signs), atol=1e-9, equal_nan=True)


def test_cosine_scalar_edges() -> None:
    assert np.isnan(C.cosine(np.zeros(3), np.ones(3)))
    assert C.cosine(np.array([1.0, 0]), np.array([-2.0, 0])) == -1.0
    with pytest.raises(ValueError, match="different lengths"):
        C.cosine(np.ones(2), np.ones(3))


# --- row statistics ----------------------------------------------------------------------------


def _random(v: int, d: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return (rng.standard_normal((v, d)) + 0.7 * rng.standard_normal(d)).astype(np.float32)


def test_row_stats_with_nan_zero_and_padding_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(C, "BLOCK_ROWS", 7)  # several blocks, partial last one
    w = _random(40, 5, 0)
    w[3, 2] = np.nan
    w[11] = np.inf
    w[5] = 0.0
    w[36:] = 100.0  # padding rows (n_valid = 36): must not move the mean
    s = C.row_stats(w, n_valid=36)
    np.testing.assert_array_equal(s.bad_rows, [3, 11])
    np.testing.assert_array_equal(s.zero_rows, [5])
    keep = [i for i in range(36) if i not in (3, 11)]
    w64 = w.astype(np.float64)
    np.testing.assert_allclose(s.mean, w64[keep].mean(axis=0), rtol=1e-6)
    assert s.counted == len(keep)
    assert np.isnan(s.norms[[3, 11]]).all() and np.isnan(s.dot_mean[[3, 11]]).all()
    good = [i for i in range(40) if i not in (3, 11)]
    np.testing.assert_allclose(s.norms[good], np.linalg.norm(w64[good], axis=1), rtol=1e-6)
    np.testing.assert_allclose(
        s.centered_norms()[good],
        np.linalg.norm(w64[good] - s.mean, axis=1),
        rtol=1e-5,
        atol=1e-5 * np.linalg.norm(s.mean),
    )
    ratio = np.linalg.norm(s.mean) / np.linalg.norm(w64[keep], axis=1).mean()
    assert s.mean_norm_ratio == pytest.approx(ratio, rel=1e-6)


def test_row_stats_all_rows_bad() -> None:
    w = np.full((3, 2), np.nan, dtype=np.float32)
    s = C.row_stats(w)
    assert s.counted == 0 and np.isnan(s.mean_norm_ratio) and s.bad_rows.tolist() == [0, 1, 2]


# --- top-k neighbours ----------------------------------------------------------------------------


def _brute_neighbours(
    w: np.ndarray, q: int, k: int, *, centered: bool, valid: np.ndarray, mean: np.ndarray
) -> tuple[list[int], np.ndarray]:
    x = w.astype(np.float64) - (mean if centered else 0.0)
    # zero rows have no direction: never neighbours, centered or not
    cands = [
        i
        for i in np.flatnonzero(valid)
        if i != q and np.linalg.norm(x[i]) > 0 and np.linalg.norm(w[i].astype(np.float64)) > 0
    ]
    cos = np.array([C.cosine(x[q], x[i]) for i in cands])
    order = np.argsort(-cos, kind="stable")[:k]
    return [cands[o] for o in order], cos[order]


@pytest.mark.parametrize("centered", [False, True])
@pytest.mark.parametrize("block", [5, 8192])
def test_top_neighbours_against_brute_force(
    monkeypatch: pytest.MonkeyPatch, centered: bool, block: int
) -> None:
    monkeypatch.setattr(C, "BLOCK_ROWS", block)
    w = _random(60, 6, 1)
    w[50:] = w[0] * 1.0001  # padding rows that would be perfect neighbours of row 0: left out
    w[7] = np.nan
    w[9] = 0.0
    n_valid = 50
    s = C.row_stats(w, n_valid)
    valid = np.zeros(60, dtype=bool)
    valid[:n_valid] = True
    valid[7] = False
    valid[9] = False
    queries = [0, 13, 49]
    got = C.top_neighbours(w, queries, 6, s, centered=centered, n_valid=n_valid)
    for q, nb in zip(queries, got, strict=True):
        ids, cos = _brute_neighbours(w, q, 6, centered=centered, valid=valid, mean=s.mean)
        assert nb.ids.tolist() == ids
        np.testing.assert_allclose(nb.cosines, cos, atol=1e-5)
        assert q not in nb.ids and not set(nb.ids) & {7, 9, *range(50, 60)}


def test_top_neighbours_k_larger_than_vocabulary_and_zero_query() -> None:
    w = _random(5, 3, 2)
    w[4] = 0.0
    s = C.row_stats(w)
    nb = C.top_neighbours(w, [0, 4], 50, s)
    assert sorted(nb[0].ids.tolist()) == [1, 2, 3]  # every other non-zero row, once
    assert nb[1].ids.size == 0  # a zero row has no direction, hence no neighbours


@FAST
@given(matrices(min_rows=3, max_rows=12, max_dim=4), st.integers(1, 5), st.booleans())
def test_top_neighbours_values_match_brute_force(x: np.ndarray, k: int, centered: bool) -> None:
    w = x.astype(np.float32)
    s = C.row_stats(w)
    w64 = w.astype(np.float64)
    eps = float(np.finfo(np.float32).eps)
    d = w.shape[1]
    if centered:
        # centered dots come from w·q − w·μ − μ·q + |μ|² with float32 products (no centered
        # copy): their error is ~ d·eps32·scale², so a cosine is good to that over cn_w·cn_q.
        # Rows within rounding of the mean row have no reliable direction: out of scope here.
        cn = np.linalg.norm(w64 - s.mean, axis=1)
        scale = float(np.linalg.norm(w64, axis=1).max() + np.linalg.norm(s.mean))
        assume(not np.any((cn < 1e-2 * scale) & (scale > 0)))
        tol = 4 * d * eps * scale**2 / (cn.min() ** 2) + 1e-9 if cn.min() > 0 else 1.0
    else:
        tol = 4 * d * eps + 1e-9
    valid = np.ones(len(w), dtype=bool)
    got = C.top_neighbours(w, [0], k, s, centered=centered)[0]
    _, cos = _brute_neighbours(
        w, 0, k, centered=centered, valid=valid & np.isfinite(s.norms), mean=s.mean
    )
    if np.linalg.norm(w64[0] - (s.mean if centered else 0)) == 0:
        assert got.ids.size == 0
        return
    cos = cos[np.isfinite(cos)]
    assert got.cosines.size == min(k, cos.size)
    # ties may pick different ids; the cosines found must be the k best
    np.testing.assert_allclose(np.sort(got.cosines)[::-1], cos[: got.cosines.size], atol=tol)


# --- the streamed scan, sampled pairs and most similar pairs ------------------------------------


def _scan(
    w: np.ndarray, queries: list[int], k: int, *, n_valid: int, sample: int, seed: int, block: int
) -> C.ScanResult:
    scan = C.VocabularyScan(
        w.shape[0], w.shape[1], w[queries], n_valid=n_valid, sample_size=sample, seed=seed
    )
    for a in range(0, w.shape[0], block):
        scan.add_first(a, w[a : a + block])
    scan.finish_first()
    for a in range(0, w.shape[0], block):
        scan.add_second(a, w[a : a + block])
    return scan.result(queries, k)


@pytest.mark.parametrize("block", [1, 7, 1000])
def test_streamed_scan_equals_in_memory_statistics(block: int) -> None:
    w = _random(45, 6, 7)
    w[40:] = w[1]  # padding
    w[5, 0] = np.inf
    w[6] = 0.0
    res = _scan(w, [1, 20], 5, n_valid=40, sample=1000, seed=3, block=block)
    ref = C.row_stats(w, 40)
    np.testing.assert_allclose(res.stats.mean, ref.mean, rtol=1e-6)
    np.testing.assert_array_equal(res.stats.bad_rows, [5])
    np.testing.assert_array_equal(res.stats.zero_rows, [6])
    assert res.stats.counted == ref.counted == 39
    np.testing.assert_allclose(
        res.stats.centered_norms()[~np.isnan(ref.norms)],
        ref.centered_norms()[~np.isnan(ref.norms)],
        rtol=1e-5,
    )
    for centered, got in ((False, res.raw_neighbours), (True, res.centered_neighbours)):
        want = C.top_neighbours(w, [1, 20], 5, ref, centered=centered, n_valid=40)
        for g, r in zip(got, want, strict=True):
            assert g.ids.tolist() == r.ids.tolist()
            np.testing.assert_allclose(g.cosines, r.cosines, atol=1e-6)
    # the sample: every valid row once (sample ≥ rows), no padding, no NaN/Inf or zero rows
    assert res.sample_ids.tolist() == [i for i in range(40) if i not in (5, 6)]
    np.testing.assert_array_equal(res.sample_rows, w[res.sample_ids])


def test_scan_sample_is_seeded_and_bounded() -> None:
    w = _random(300, 4, 8)
    a = _scan(w, [], 0, n_valid=250, sample=30, seed=1, block=64)
    b = _scan(w, [], 0, n_valid=250, sample=30, seed=1, block=64)
    c = _scan(w, [], 0, n_valid=250, sample=30, seed=2, block=64)
    assert a.sample_ids.tolist() == b.sample_ids.tolist() != c.sample_ids.tolist()
    assert len(a.sample_ids) == 30 and a.sample_ids.max() < 250
    assert list(a.sample_ids) == sorted(set(a.sample_ids.tolist()))


def test_sample_pairs_seeded_distinct_and_real() -> None:
    w = _random(12, 4, 3)
    s = C.row_stats(w)
    ids = np.arange(12)
    a = C.sample_pairs(ids, w, s, n_pairs=400, seed=7)
    b = C.sample_pairs(ids, w, s, n_pairs=400, seed=7)
    c = C.sample_pairs(ids, w, s, n_pairs=400, seed=8)
    np.testing.assert_array_equal(a.raw, b.raw)
    assert not np.array_equal(a.raw, c.raw)
    assert a.seed == 7 and a.n_pairs == 400 == a.raw.size == a.centered.size
    x = w.astype(np.float64)
    raw_set = np.array([C.cosine(x[i], x[j]) for i in range(12) for j in range(i + 1, 12)])
    cen_set = np.array(
        [C.cosine(x[i] - s.mean, x[j] - s.mean) for i in range(12) for j in range(i + 1, 12)]
    )
    # every sampled value is the cosine of a pair of distinct rows (float32 Gram: 1e-5)
    assert np.abs(a.raw[:, None] - raw_set[None, :]).min(axis=1).max() < 1e-5
    assert np.abs(a.centered[:, None] - cen_set[None, :]).min(axis=1).max() < 1e-5
    assert a.raw.max() < 1 - 1e-3  # never a row with itself
    assert set(a.quantiles) == {"raw", "centered"}
    assert list(a.quantiles["raw"]) == ["q01", "q25", "q50", "q75", "q99", "mean"]
    q = a.quantiles["centered"]
    assert q["q01"] <= q["q25"] <= q["q50"] <= q["q75"] <= q["q99"]
    assert q["q50"] == pytest.approx(float(np.quantile(a.centered, 0.5)))


def test_sample_pairs_degenerate() -> None:
    w = _random(4, 3, 4)
    s = C.row_stats(w)
    assert C.sample_pairs(np.arange(4), w, s, n_pairs=0, seed=0).n_pairs == 0
    assert C.sample_pairs(np.arange(1), w[:1], s, n_pairs=10, seed=0).n_pairs == 0


def test_most_similar_pairs_against_brute_force() -> None:
    w = _random(30, 5, 5)
    s = C.row_stats(w)
    ids = np.array([0, 2, 3, 5, 8, 9, 11, 13, 14, 17, 19, 20, 22, 25, 28])
    pairs = C.most_similar_pairs(ids, w[ids], s, k=4)
    x = w.astype(np.float64)
    allp = sorted(
        ((C.cosine(x[i], x[j]), int(i), int(j)) for n, i in enumerate(ids) for j in ids[n + 1 :]),
        reverse=True,
    )
    assert [(p.i, p.j) for p in pairs] == [(i, j) for _, i, j in allp[:4]]
    for p, (c, i, j) in zip(pairs, allp, strict=False):
        assert p.cosine == pytest.approx(c, abs=1e-5)  # one float32 Gram matrix
        assert p.centered_cosine == pytest.approx(C.cosine(x[i] - s.mean, x[j] - s.mean), abs=1e-5)
    assert C.most_similar_pairs(ids[:1], w[:1], s, k=3) == []
