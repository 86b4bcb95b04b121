"""`cosaudit.core.similar` against an independent numpy computation (full log-softmax, corrcoef,
ranks by a stable sort), with bias, soft-capping and sigmoid heads, in small blocks."""

from __future__ import annotations

import numpy as np
import pytest

from cosaudit.core.similar import (
    HeadMath,
    apply_final_norm,
    cosine_range,
    pair_similarity,
    ranked_top,
    vocab_similarity,
)

V, D, N = 30, 6, 400


def reference(W, b, H, *, softcap=None, sigmoid=False, top=10):  # type: ignore[no-untyped-def]
    """(values, member, first, second): everything from the full N × V logits, no streaming."""
    Z = H @ W.T + (0.0 if b is None else b)
    if softcap is not None:
        Z = softcap * np.tanh(Z / softcap)
    order = np.argsort(-Z, axis=1, kind="stable")  # ties: lower id first
    if sigmoid:
        return Z, Z > 0.0, order[:, 0], order[:, 1]
    mx = Z.max(axis=1, keepdims=True)
    logp = Z - (mx + np.log(np.exp(Z - mx).sum(axis=1, keepdims=True)))
    ranks = np.empty_like(order)
    np.put_along_axis(ranks, order, np.arange(Z.shape[1])[None, :].repeat(len(Z), 0), axis=1)
    return logp, ranks < top, order[:, 0], order[:, 1]


def ref_numbers(values, member, first, second, i, j):  # type: ignore[no-untyped-def]
    r = np.corrcoef(values[:, i], values[:, j])[0, 1]
    either = (member[:, i] | member[:, j]).sum()
    cotop = (member[:, i] & member[:, j]).sum() / either if either else np.nan
    n_top = (first == i).sum()
    runner = ((first == i) & (second == j)).sum() / n_top if n_top else np.nan
    return r, cotop, runner


def _head(seed: int, *, bias: bool, spread: float = 1.0):  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(seed)
    W = rng.standard_normal((V, D)) + 0.5 * rng.standard_normal(D)
    b = 0.5 * rng.standard_normal(V) if bias else None
    H = spread * rng.standard_normal((N, D))
    return W, b, H


CASES = [
    pytest.param({"bias": False}, {}, id="plain"),
    pytest.param({"bias": True}, {}, id="bias"),
    pytest.param({"bias": True, "spread": 4.0}, {"softcap": 3.0}, id="softcap"),
    pytest.param({"bias": True}, {"head_type": "sigmoid"}, id="sigmoid"),
]


@pytest.mark.parametrize("make, kind", CASES)
@pytest.mark.parametrize("top", [1, 3, 10])
def test_pairs_equal_the_reference(make: dict, kind: dict, top: int) -> None:
    W, b, H = _head(1, **make)
    hm = HeadMath(W, b, kind.get("softcap"), kind.get("head_type", "softmax"))
    ids = [0, 3, 7, 11, 29]
    got = pair_similarity(hm, H, ids, top=top, rows=37)  # blocks that do not divide N
    values, member, first, second = reference(W, b, H, softcap=kind.get("softcap"),
                                              sigmoid=hm.head_type == "sigmoid", top=top)
    for a, i in enumerate(ids):
        for c, j in enumerate(ids):
            if i == j:
                continue
            r, cotop, runner = ref_numbers(values, member, first, second, i, j)
            np.testing.assert_allclose(got.correlation[a, c], r, atol=1e-10)
            np.testing.assert_equal(np.isnan(got.cotop[a, c]), np.isnan(cotop))
            np.testing.assert_allclose(np.nan_to_num(got.cotop[a, c]), np.nan_to_num(cotop), atol=1e-12)
            np.testing.assert_equal(np.isnan(got.runner_up[a, c]), np.isnan(runner))
            np.testing.assert_allclose(np.nan_to_num(got.runner_up[a, c]), np.nan_to_num(runner), atol=1e-12)
    assert got.top_count.tolist() == [int((first == i).sum()) for i in ids]


@pytest.mark.parametrize("make, kind", CASES)
def test_one_label_against_the_vocabulary_equals_the_reference(make: dict, kind: dict) -> None:
    W, b, H = _head(2, **make)
    hm = HeadMath(W, b, kind.get("softcap"), kind.get("head_type", "softmax"))
    values, member, first, second = reference(W, b, H, softcap=kind.get("softcap"),
                                              sigmoid=hm.head_type == "sigmoid", top=5)
    label = int(np.bincount(first, minlength=V).argmax())  # a label that is often top
    got = vocab_similarity(hm, H, label, top=5, rows=23)
    for j in range(V):
        r, cotop, runner = ref_numbers(values, member, first, second, label, j)
        np.testing.assert_allclose(got.correlation[j], r, atol=1e-9)
        np.testing.assert_allclose(got.cotop[j], cotop, atol=1e-12)
        np.testing.assert_allclose(got.runner_up[j], runner, atol=1e-12)
    # and the same numbers as the matrix pass
    pairs = pair_similarity(hm, H, [label, 4, 9], top=5)
    np.testing.assert_allclose(pairs.correlation[0, 1:], got.correlation[[4, 9]], atol=1e-9)
    np.testing.assert_allclose(pairs.runner_up[0, 1:], got.runner_up[[4, 9]], atol=1e-12)


def test_float32_path_for_a_large_head_agrees() -> None:
    """A head past SMALL_HEAD is computed in float32: same ranks here, correlation to 1e-4."""
    rng = np.random.default_rng(3)
    W = rng.standard_normal((4200, 1000)).astype(np.float32) * 0.05
    H = rng.standard_normal((64, 1000))
    hm = HeadMath(W)
    assert hm.dtype == np.float32
    got = vocab_similarity(hm, H, 5, top=10, rows=16)
    values, member, first, second = reference(W.astype(np.float64), None, H, top=10)
    ref = np.array([np.corrcoef(values[:, 5], values[:, j])[0, 1] for j in range(W.shape[0])])
    np.testing.assert_allclose(got.correlation, ref, atol=2e-4)
    both = (member[:, 5:6] & member).sum(axis=0)
    np.testing.assert_array_equal(got.member_count, member.sum(axis=0))
    with np.errstate(invalid="ignore"):
        want = both / (member[:, 5].sum() + member.sum(axis=0) - both)
    np.testing.assert_allclose(got.cotop, want)


def test_identical_rows_and_biases() -> None:
    """Correlation 1, and whenever one of the two is the top prediction the other is second:
    runner-up rate 1 for each that is ever top (which of the two wins a tie is up to the last
    bit of the matrix product), undefined (not 0) for one that never is."""
    W, b, H = _head(4, bias=True)
    W[3] *= 3.0 * np.linalg.norm(W, axis=1).max() / np.linalg.norm(W[3])  # the longest row
    W[8] = W[3]
    b[8] = b[3]
    H = np.vstack([H, 5.0 * np.tile(W[3], (40, 1))])  # inputs where the pair is on top
    got = pair_similarity(HeadMath(W, b), H, [3, 8], top=2)
    assert got.correlation[0, 1] == pytest.approx(1.0, abs=1e-12)
    assert got.top_count.sum() >= 40
    for a in (0, 1):
        if got.top_count[a]:
            assert got.runner_up[a, 1 - a] == 1.0
        else:
            assert np.isnan(got.runner_up[a, 1 - a])


def test_never_predicted_label_has_undefined_runner_up() -> None:
    W, b, H = _head(5, bias=True)
    b[6] = -1e3
    got = pair_similarity(HeadMath(W, b), H, [6, 1], top=3)
    assert got.top_count[0] == 0
    assert np.isnan(got.runner_up[0, 1])
    assert np.isnan(got.cotop[0, 0])  # never in the top 3 either: no input to count on
    assert np.isfinite(got.runner_up[1, 0])


def test_constant_column_correlation_is_undefined() -> None:
    """A sigmoid label whose logit never changes: no correlation (NaN), not 0."""
    W, b, H = _head(6, bias=True)
    W[2] = 0.0
    hm = HeadMath(W, b, head_type="sigmoid")
    got = pair_similarity(hm, H, [2, 5])
    assert np.isnan(got.correlation[0, 1])
    assert np.isnan(vocab_similarity(hm, H, 5).correlation[2])


def test_ranked_top_breaks_boundary_ties_by_lower_id() -> None:
    z = np.array([[1.0, 3.0, 2.0, 2.0, 2.0, 0.0], [5.0, 5.0, 5.0, 5.0, 1.0, 5.0]])
    np.testing.assert_array_equal(ranked_top(z, 3), [[1, 2, 3], [0, 1, 2]])
    np.testing.assert_array_equal(ranked_top(z, 6)[:, :2], [[1, 2], [0, 1]])


@pytest.mark.parametrize("kind, offset", [("layernorm", 0.0), ("rmsnorm", 0.0), ("rmsnorm", 1.0)])
def test_apply_final_norm(kind: str, offset: float) -> None:
    rng = np.random.default_rng(7)
    x = 3.0 * rng.standard_normal((20, D)) + 1.0
    w = rng.standard_normal(D)
    shift = rng.standard_normal(D) if kind == "layernorm" else None
    eps = 1e-5
    got = apply_final_norm(x, kind, w + offset, shift, eps)
    c = x - x.mean(axis=1, keepdims=True) if kind == "layernorm" else x
    want = c / np.sqrt((c**2).mean(axis=1, keepdims=True) + eps) * (w + offset)
    if shift is not None:
        want = want + shift
    np.testing.assert_allclose(got, want, rtol=1e-12)


def test_cosine_range() -> None:
    a, b = np.array([1.0, 2.0, 0.5]), np.array([2.0, -1.0, 1.0])
    assert cosine_range(a, b, translate=True, rescale=False) == (-1.0, 1.0)
    assert cosine_range(a, a.copy(), translate=True, rescale=True) is None  # identical rows: fixed 1
    assert cosine_range(a, b, translate=False, rescale=False) is None  # sigmoid, no norm
    assert cosine_range(a, b, translate=False, rescale=True) == (-1.0, 1.0)  # mixed signs
    lo, hi = cosine_range(a, np.array([1.0, 1.0, 1.0]), translate=False, rescale=True)  # all signs equal
    assert hi == 1.0 and lo > 0


@pytest.mark.parametrize("kk", [1, 2, 10, 100])
def test_ranked_top_candidates_equal_a_full_stable_sort(kk: int) -> None:
    """The candidate path (V ≥ 4 × SAMPLE_COLUMNS) against np.argsort, ties included."""
    rng = np.random.default_rng(kk)
    z = rng.standard_normal((50, 5000))
    z[:, 4000:4010] = 9.0  # ties on top, past the sampled columns
    z[3] = 0.0  # a flat row: every entry ties
    z[7, :] = np.round(z[7], 1)  # many ties at the boundary
    want = np.argsort(-z, axis=1, kind="stable")[:, :kk]
    np.testing.assert_array_equal(ranked_top(z, kk), want)
    np.testing.assert_array_equal(ranked_top(z.astype(np.float32), kk),
                                  np.argsort(-z.astype(np.float32), axis=1, kind="stable")[:, :kk])
