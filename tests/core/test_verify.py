"""Verification of equivalent models: float64 and stored figures, probes, blockwise = direct."""

from __future__ import annotations

from collections.abc import Sequence

import ml_dtypes
import numpy as np
import pytest
from scipy.special import log_softmax

from cosaudit.core import rounding as rd
from cosaudit.core import symmetry as sym
from cosaudit.core import verify as vf
from cosaudit.core.equivalent import Equivalent
from cosaudit.core.model_neighbours import ModelNeighbours, NeighbourPlan
from cosaudit.core.rescaling import rescale_pair
from cosaudit.errors import DataError


def _direct(head, W2, gain2=None, shift2=None, probes=None, n=300, seed=0):
    """Reference: whole-matrix float64 computation of the same figures."""
    X = vf.probe_inputs(head.shape[1], n, seed, head.norm_kind) if probes is None else probes
    h = X * (head.gain if head.gain is not None else 1) + (
        head.shift if head.shift is not None else 0
    )
    g2 = head.gain if gain2 is None else gain2
    s2 = head.shift if shift2 is None else shift2
    h2 = X * (g2 if g2 is not None else 1) + (s2 if s2 is not None else 0)
    b = head.bias if head.bias is not None else 0
    z, z2 = h @ np.asarray(head.weight, float).T + b, h2 @ np.asarray(W2, float).T + b
    if head.softcap:
        z, z2 = head.softcap * np.tanh(z / head.softcap), head.softcap * np.tanh(z2 / head.softcap)
    lp, lp2 = log_softmax(z, axis=1), log_softmax(z2, axis=1)
    return (
        np.abs(np.exp(lp) - np.exp(lp2)).max(),
        np.abs(lp - lp2).max(),
        int((z.argmax(1) != z2.argmax(1)).sum()),
    )


def test_blockwise_equals_direct_with_small_blocks():
    rng = np.random.default_rng(0)
    W = (rng.standard_normal((257, 16)) * 0.3).astype(np.float32)
    head = vf.HeadArrays(W, bias=rng.standard_normal(257) * 0.1, softcap=None)
    c = rng.standard_normal(16)
    (got,) = vf.verify_models(
        head,
        [vf.Variant(vf.Equivalent("translate", c=c), "bfloat16")],
        n_probes=300,
        memory_bytes=257 * 8 * 2 * 37,
        row_block=50,
    )
    W2 = vf.Equivalent("translate", c=c).stored_rows(W, "bfloat16").astype(float)
    # the stored rows are the float64 rows rounded, up to one bf16 step (float32 arithmetic first)
    ref = vf.round_to_dtype(W.astype(float) + c, "bfloat16").astype(float)
    assert np.all(np.abs(W2 - ref) <= np.abs(ref) * 2**-7)
    dp, dl, dis = _direct(head, W2)
    assert got.max_abs_prob_diff == pytest.approx(dp, rel=1e-9)
    assert got.max_abs_logprob_diff == pytest.approx(dl, rel=1e-9)
    assert got.argmax_disagreements == dis
    assert got.dtype == "bfloat16" and got.n_probes == 300


def test_stored_bf16_rounding_is_measured_not_assumed():
    rng = np.random.default_rng(1)
    W = rng.standard_normal((500, 32)).astype(ml_dtypes.bfloat16).astype(np.float32)
    head = vf.HeadArrays(W, gain=np.ones(32), norm_kind="rmsnorm")
    t = sym.translate_pair(W, 3, 4, -1.0)
    eq = vf.Equivalent("translate", c=t.c)
    exact, f32, bf16 = vf.verify_models(
        head, [vf.Variant(eq), vf.Variant(eq, "float32"), vf.Variant(eq, "bfloat16")], n_probes=200
    )
    # float64 equivalent: rounding noise of float64 logits (|z| ~ |w|·|h| ~ 6·sqrt(32))
    assert exact.max_abs_logprob_diff < 1e-12
    # float32: tiny but not zero; bf16: clearly larger, and ordered
    assert 0 < f32.max_abs_logprob_diff < 1e-4
    assert bf16.max_abs_logprob_diff > 10 * f32.max_abs_logprob_diff
    assert bf16.max_abs_logprob_diff < 0.5
    dp, dl, _ = _direct(head, eq.stored_rows(W, "bfloat16").astype(float), n=200)
    assert bf16.max_abs_logprob_diff == pytest.approx(dl, rel=1e-9)


def test_probes_through_the_norm():
    X = vf.probe_inputs(64, 50, 7, "layernorm")
    np.testing.assert_allclose(X.mean(axis=1), 0, atol=1e-12)
    np.testing.assert_allclose((X * X).mean(axis=1), 1, rtol=1e-12)
    R = vf.probe_inputs(64, 50, 7, "rmsnorm")
    np.testing.assert_allclose(np.sqrt((R * R).mean(axis=1)), 1, rtol=1e-12)
    assert not np.allclose(R.mean(axis=1), 0)
    np.testing.assert_array_equal(
        vf.probe_inputs(5, 3, 7, None), np.random.default_rng(7).standard_normal((3, 5))
    )
    assert "LayerNorm" in vf.describe_probes(vf.HeadArrays(np.eye(2), norm_kind="layernorm"))


def test_rescale_stored_with_norm_rounding_and_gemma_offset():
    rng = np.random.default_rng(2)
    W = rng.standard_normal((100, 24)).astype(np.float32)
    gain = rng.uniform(0.5, 1.5, 24)
    head = vf.HeadArrays(W, gain=gain, norm_kind="rmsnorm", gain_offset=1.0, softcap=30.0)
    mu = W.mean(axis=0)
    res = rescale_pair(W[0] - mu, W[1] - mu, -0.5)
    eq = vf.Equivalent("rescale", scale=res.scale)
    exact, stored = vf.verify_models(
        head, [vf.Variant(eq), vf.Variant(eq, "bfloat16", "bfloat16")], n_probes=100
    )
    assert exact.max_abs_logprob_diff < 1e-11
    g2 = vf.round_to_dtype(gain * res.scale - 1.0, "bfloat16").astype(float) + 1.0
    W2 = eq.stored_rows(W, "bfloat16").astype(float)
    _, dl, _ = _direct(head, W2, gain2=g2, n=100)
    assert stored.max_abs_logprob_diff == pytest.approx(dl, rel=1e-9)


def test_sigmoid_probabilities_are_per_label():
    W = np.array([[1.0, 0.0], [0.0, 1.0]])
    X = np.array([[2.0, -1.0]])
    (chk,) = vf.verify_models(
        vf.HeadArrays(W, head_type="sigmoid"),
        [vf.Variant(vf.Equivalent("translate", c=np.array([1.0, 0.0])))],
        probes=X,
    )
    # z = (2, -1) → (4, 1) (c·h = 2 on every logit): per-label sigmoids move (softmax would not)
    sig = lambda z: 1 / (1 + np.exp(-z))  # noqa: E731
    want = max(abs(sig(4) - sig(2)), abs(sig(1) - sig(-1)))
    assert chk.max_abs_prob_diff == pytest.approx(want, rel=1e-12)


def test_round_to_dtype_overflow_is_an_error():
    with pytest.raises(DataError):
        vf.round_to_dtype(np.array([1e6]), "float16")
    assert vf.round_to_dtype(np.array([1.0 + 2**-10]), "bfloat16").astype(float)[0] == 1.0
    assert vf.numpy_dtype("bfloat16") == np.dtype(ml_dtypes.bfloat16)


def test_auto_probe_count():
    assert vf.auto_probe_count(1000, 64, 2) == 1000
    big = vf.auto_probe_count(128256, 4096, 2)
    assert 8 <= big < 100
    assert vf.auto_probe_count(128256, 4096, 2, requested=5) == 5


@pytest.mark.parametrize("with_norms", [False, True])
def test_neighbours_in_models_match_brute_force(with_norms):
    rng = np.random.default_rng(0)
    W = rng.standard_normal((300, 6)).astype(np.float32)
    W[7] = 0  # a zero row is never a neighbour
    t = sym.translate_pair(W, 3, 5, -1.0)
    mu = W.mean(0)
    r = rescale_pair(W[3] - mu, W[5] - mu, 0.9)
    models = [None, vf.Equivalent("translate", c=t.c), vf.Equivalent("rescale", scale=r.scale)]
    norms = np.linalg.norm(W.astype(np.float64), axis=1) if with_norms else None
    res = neighbours_in_models(W, [3, 5], 5, models, n_valid=290, row_block=64, row_norms=norms)
    for M, R in zip([W.astype(float), W + t.c, W / r.scale], res, strict=True):
        with np.errstate(invalid="ignore", divide="ignore"):
            n = M / np.linalg.norm(M, axis=1, keepdims=True)
        C = np.nan_to_num(n @ n[[3, 5]].T, nan=-9)
        C[[3, 5], [0, 1]] = -9
        C[290:] = -9
        if M is not None and np.linalg.norm(M[7]) == 0:
            C[7] = -9
        for qi in range(2):
            order = np.argsort(-C[:, qi], kind="stable")[:5]
            np.testing.assert_array_equal(R.ids[qi], order)
            np.testing.assert_allclose(R.cosines[qi], C[order, qi], atol=1e-5)


def test_bf16_rounding_equals_ml_dtypes():
    rng = np.random.default_rng(0)
    x = np.concatenate([
        rng.standard_normal(100_000).astype(np.float32) * np.float32(1e-3),
        rng.standard_normal(1000).astype(np.float32) * np.float32(1e30),
        # ties (exactly half a bf16 step), the largest values, non-finite
        np.array([1.00390625, 1.01171875, -1.00390625, 3.39e38, 3.4e38,
                  np.inf, -np.inf, np.nan, 0.0, -0.0],
                 dtype=np.float32),
    ])
    ref = x.astype(ml_dtypes.bfloat16).astype(np.float32)
    got = rd.round_bf16_inplace(x.copy())
    ok = ~np.isnan(ref)
    np.testing.assert_array_equal(got.view(np.uint32)[ok], ref.view(np.uint32)[ok])
    assert np.isnan(got[np.isnan(ref)]).all()
    np.testing.assert_array_equal(rd.bf16_from_rounded_f32(got).astype(np.float32), got)


# --------------------------------------------------------------------------- streaming verifier


def _head_and_models(seed=5, v=300, d=24):
    rng = np.random.default_rng(seed)
    W = rng.standard_normal((v, d)).astype(ml_dtypes.bfloat16).astype(np.float32)
    head = vf.HeadArrays(
        W, bias=rng.standard_normal(v) * 0.1, gain=rng.uniform(0.5, 1.5, d), norm_kind="rmsnorm"
    )
    t = sym.translate_pair(W, 3, 4, -1.0)
    mu = W.mean(axis=0)
    r = rescale_pair(W[3] - mu, W[4] - mu, 0.5)
    return head, vf.Equivalent("translate", c=t.c), vf.Equivalent("rescale", scale=r.scale)


def test_algebraic_exact_equals_elementwise_and_stored_is_genuine():
    head, tr, rs = _head_and_models()
    variants = [
        vf.Variant(tr),
        vf.Variant(tr, "bfloat16"),
        vf.Variant(rs),
        vf.Variant(rs, "bfloat16", "bfloat16"),
    ]
    alg = vf.verify_models(head, variants, n_probes=150)
    elem = vf.verify_models(head, variants, n_probes=150, exact="elementwise")
    for a, e in zip(alg, elem, strict=True):
        assert a.argmax_disagreements == e.argmax_disagreements
        if a.dtype == "float64":  # exact: float64 rounding noise either way
            assert a.max_abs_logprob_diff < 1e-12 and e.max_abs_logprob_diff < 1e-12
        else:  # stored: the same element-by-element computation
            assert a.max_abs_prob_diff == e.max_abs_prob_diff > 1e-7
    # and the stored figure is that of the rows as stored, computed directly
    W2 = tr.stored_rows(head.weight, "bfloat16").astype(float)
    dp, dl, dis = _direct(head, W2, n=150)
    assert alg[1].max_abs_prob_diff == pytest.approx(dp, rel=1e-9)
    assert alg[1].max_abs_logprob_diff == pytest.approx(dl, rel=1e-9)


def test_rescale_without_a_gain_is_computed_not_assumed():
    """S needs a norm gain to absorb e; without one the algebra does not hold and the exact
    variant is computed from its rows — and is then visibly not equivalent."""
    rng = np.random.default_rng(0)
    W = rng.standard_normal((60, 6)).astype(np.float32)
    head = vf.HeadArrays(W)
    eq = vf.Equivalent("rescale", scale=rng.uniform(0.5, 2.0, 6))
    assert not vf.algebraic_exact(head, vf.Variant(eq))
    (chk,) = vf.verify_models(head, [vf.Variant(eq)], n_probes=50)
    assert chk.max_abs_prob_diff > 1e-3


def test_probe_chunks_and_block_sizes_do_not_change_the_figures():
    head, tr, rs = _head_and_models(seed=6)
    variants = [vf.Variant(tr), vf.Variant(tr, "bfloat16")]
    ref = vf.verify_models(head, variants, n_probes=97)
    small = vf.verify_models(
        head, variants, n_probes=97, memory_bytes=300 * 8 * 3 * 10, row_block=37, workers=1
    )
    for a, b in zip(ref, small, strict=True):
        # products summed in another order differ by float64 rounding (~1e-16), nothing more
        assert b.n_probes == 97
        assert a.max_abs_prob_diff == pytest.approx(b.max_abs_prob_diff, rel=1e-9, abs=1e-14)
        assert a.argmax_disagreements == b.argmax_disagreements
        np.testing.assert_allclose(a.per_probe_abs_prob_diff, b.per_probe_abs_prob_diff,
                                   rtol=1e-9, atol=1e-14)
    assert small[1].max_abs_prob_diff > 1e-7  # the stored figure is far above that noise


@pytest.mark.parametrize("dtype", ["bfloat16", "float16", "float32"])
def test_emitted_rows_are_the_writers_rows(dtype):
    """`emit`: the rows the verifier computed and checked are bit for bit the writer's rows,
    also when the rows arrive as bfloat16 (as a safetensors BF16 head is streamed)."""
    head, tr, rs = _head_and_models(seed=7, v=400)
    for eq in (tr, rs):
        var = vf.Variant(eq, dtype)
        out = np.empty(head.weight.shape, dtype=vf.numpy_dtype(dtype))
        probes = vf.probe_inputs(24, 20, 0, "rmsnorm")
        with vf.StreamVerifier(head, [var], probes, sub_rows=16) as sv:
            rows16 = head.weight.astype(ml_dtypes.bfloat16)  # exact: the rows are bf16 values
            for a in range(0, 400, 128):
                sv.add(a, rows16[a : a + 128], emit={0: out[a : a + 128]})
            (chk,) = sv.finish()
        want = eq.stored_rows(head.weight, dtype)
        np.testing.assert_array_equal(out.view(np.uint8), np.asarray(want).view(np.uint8))
        (ref,) = vf.verify_models(head, [var], probes=probes)
        assert chk.max_abs_prob_diff == ref.max_abs_prob_diff


def test_stream_row_stats_match_the_accumulator():
    from cosaudit.core.cosine import row_stats

    rng = np.random.default_rng(8)
    W = rng.standard_normal((500, 10)).astype(np.float32)
    W[5] = np.nan
    W[9] = 0.0
    head = vf.HeadArrays(W)
    with vf.StreamVerifier(head, [], np.empty((0, 10)), stats=True, n_valid=480) as sv:
        for a in range(0, 500, 64):
            sv.add(a, W[a : a + 64])
        sv.finish()
    got, want = sv.row_stats(), row_stats(W, n_valid=480)
    np.testing.assert_array_equal(got.bad_rows, want.bad_rows)
    np.testing.assert_array_equal(got.zero_rows, want.zero_rows)
    assert got.counted == want.counted
    np.testing.assert_allclose(got.mean, want.mean, rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(got.norms, want.norms, rtol=1e-6, equal_nan=True)


def test_stream_verifier_refuses_a_partial_pass():
    head, tr, _ = _head_and_models()
    with vf.StreamVerifier(head, [vf.Variant(tr)], vf.probe_inputs(24, 5, 0, None)) as sv:
        sv.add(0, head.weight[:100])
        with pytest.raises(ValueError, match="verified 100 rows of 300"):
            sv.finish()


@pytest.mark.parametrize("bad_row", [None, 77])
def test_two_workers_taking_pieces_give_the_single_workers_figures(bad_row):
    """The threads share each block piece by piece; whichever thread takes a piece, every row's
    products are computed the same way, so the figures and emitted rows are bit for bit equal
    (also with a NaN row, which switches the rounding's NaN pass on for its piece)."""
    head, tr, _rs = _head_and_models(seed=9, v=600)
    W = head.weight.astype(ml_dtypes.bfloat16)
    if bad_row is not None:
        W[bad_row, 3] = np.nan
    head = vf.HeadArrays(W.astype(np.float32))
    variants = [vf.Variant(tr), vf.Variant(tr, "bfloat16"), vf.Variant(tr, "float16")]
    probes = vf.probe_inputs(24, 11, 0, None)
    outs, figs, stats = [], [], []
    for workers in (1, 2):
        out = np.empty(W.shape, dtype=ml_dtypes.bfloat16)
        with vf.StreamVerifier(head, variants, probes, columns=probes[:3].T, stats=True,
                               sub_rows=4, piece_subs=3, workers=workers) as sv:
            for a in range(0, 600, 250):  # blocks of 250 rows: pieces of 12, a short last one
                sv.add(a, W[a : a + 250], emit={1: out[a : a + 250]})
            figs.append(sv.finish())
        outs.append(out)
        stats.append(sv.row_stats())
    np.testing.assert_array_equal(outs[0].view(np.uint16), outs[1].view(np.uint16))
    for a, b in zip(*figs, strict=True):
        np.testing.assert_array_equal(a.per_probe_abs_prob_diff, b.per_probe_abs_prob_diff)
        assert a.argmax_disagreements == b.argmax_disagreements
    np.testing.assert_array_equal(stats[0].norms, stats[1].norms)
    np.testing.assert_array_equal(stats[0].bad_rows, stats[1].bad_rows)
    np.testing.assert_allclose(stats[0].mean, stats[1].mean, rtol=1e-12)
    if bad_row is None:
        assert figs[0][1].max_abs_prob_diff > 0  # the stored rows really were rounded
    else:
        assert np.isnan(outs[0][bad_row, 3]) and stats[0].bad_rows.tolist() == [bad_row]


def neighbours_in_models(  # the non-streamed use of NeighbourPlan, as a reference
    W: np.ndarray,
    query_ids: Sequence[int],
    k: int,
    models: Sequence[Equivalent | None],
    *,
    n_valid: int | None = None,
    row_norms: np.ndarray | None = None,
    row_block: int = 2048,
) -> list[ModelNeighbours]:
    """Nearest rows by cosine of each query row in the original (None) and equivalent models.

    One pass over W's rows serves all models (`NeighbourPlan`), products in float64.
    Rows past n_valid (padding), non-finite and zero rows and the query itself are left out.
    `row_norms` (|w| of every row, NaN for bad rows), when known, saves computing them.
    """
    v, d = W.shape
    plan = NeighbourPlan(np.asarray(W[list(query_ids)], dtype=np.float64).reshape(-1, d), models)
    products = np.empty((v, plan.columns.shape[1]), dtype=np.float64)
    sqp = (
        None
        if plan.square_columns is None
        else np.empty((v, plan.square_columns.shape[1]), dtype=np.float64)
    )
    sq = np.empty(v, dtype=np.float64)
    for a in range(0, v, row_block):
        b = min(v, a + row_block)
        blk = np.asarray(W[a:b], dtype=np.float64)
        with np.errstate(invalid="ignore", over="ignore"):
            products[a:b] = blk @ plan.columns
            if sqp is not None:
                assert plan.square_columns is not None
                sqp[a:b] = (blk * blk) @ plan.square_columns
            if row_norms is None:
                sq[a:b] = np.einsum("ij,ij->i", blk, blk)
    if row_norms is not None:
        sq = np.asarray(row_norms, dtype=np.float64) ** 2
    return plan.result(query_ids, k, products, sq, sqp, n_valid=n_valid)
