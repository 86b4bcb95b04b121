"""Ranking patterns and sign vectors: the paper's counts, witnesses, invariances, edge cases."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cosaudit.core.geometry import layernorm_space
from cosaudit.core.patterns import patterns
from cosaudit.errors import DataError


def check_witnesses(W, b, res):
    W = np.asarray(W, float)
    for k, pat in enumerate(res.patterns):
        h = res.witness(k)
        z = W[res.ids] @ h + (0 if b is None else np.asarray(b, float)[res.ids])
        if res.kind == "rankings":
            pos = {i: n for n, i in enumerate(res.ids)}
            zz = z[[pos[i] for i in pat]]
            assert np.all(np.diff(zz) < 0), pat
        else:
            assert np.all(np.asarray(pat) * z > 0), pat


def brute_rankings(W, b=None, n=200_000, seed=0):
    """Rankings seen on many random inputs (a lower bound; equal for these small 2-D cases)."""
    rng = np.random.default_rng(seed)
    H = rng.standard_normal((n, W.shape[1])) * np.exp(rng.uniform(-3, 3, (n, 1)))
    Z = H @ W.T + (0 if b is None else b)
    return {tuple(r) for r in np.argsort(-Z, axis=1)}


@pytest.mark.parametrize("name", ["centered", "centered_unit_length"])
def test_paper_n_rankings(paper_examples, name):
    ex = paper_examples[name]
    W = np.array(ex["W"])
    res = patterns(W, None, list(range(len(W))))
    assert res.count == ex["n_rankings"]
    assert res.kind == "rankings" and res.possible == math.factorial(len(W))
    check_witnesses(W, None, res)
    # every ranking found is real and nothing sampled is missing
    assert set(res.patterns) >= brute_rankings(W)


def test_paper_unrestricted_rankings_identical_and_sign_vectors_differ(paper_examples):
    ex = paper_examples["unrestricted"]
    counts = ex["checks"]["sigmoid_sign_vectors_count"]
    sets = []
    for key, ckey in (
        ("W_model1", "model1"),
        ("W_minus1_model", "minus1_model"),
        ("W_plus1_model", "plus1_model"),
    ):
        W = np.array(ex[key])
        r = patterns(W, None, list(range(5)))
        assert r.count == ex["checks"]["n_rankings_each_model"] == 20
        check_witnesses(W, None, r)
        sets.append(set(r.patterns))
        s = patterns(W, None, list(range(5)), kind="sign_vectors")
        assert s.count == counts[ckey]
        assert not s.bias and "no bias" in s.notes[0]
        check_witnesses(W, None, s)
    assert sets[0] == sets[1] == sets[2]


def test_full_rank_labels_allow_everything():
    rng = np.random.default_rng(0)
    W = rng.standard_normal((8, 12))
    r = patterns(W, None, list(range(8)))
    assert r.count == r.possible == 40320 and "constrain nothing" in r.statement
    assert r.lp_solves == 0
    for k in (0, 777, 40319):
        h = r.witness(k)
        assert tuple(np.argsort(-(W @ h))) == r.patterns[k]
    s = patterns(W, rng.standard_normal(8), list(range(8)), kind="sign_vectors")
    assert s.count == 256 and s.bias


def test_subset_ids_are_original_ids_and_others_are_ignored():
    W = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [5.0, 5.0]])
    r = patterns(W, None, [0, 2])
    assert sorted(r.patterns) == [(0, 2), (2, 0)]
    r3 = patterns(W, None, [2, 1, 0])
    assert all(set(p) == {0, 1, 2} for p in r3.patterns)
    check_witnesses(W, None, r3)


def test_rankings_with_bias_in_one_dimension():
    W = np.array([[0.0], [1.0], [2.0]])
    b = np.array([0.0, 0.3, 0.0])
    r = patterns(W, b, [0, 1, 2])
    check_witnesses(W, b, r)
    # logits 0, h + 0.3, 2h: all three orders of lines crossing
    assert set(r.patterns) == brute_rankings(W, b)
    assert (1, 0, 2) in r.patterns and (1, 2, 0) in r.patterns


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), m=st.integers(3, 5), d=st.integers(1, 3), bias=st.booleans())
def test_rankings_invariant_under_translation_and_linear_maps(seed, m, d, bias):
    rng = np.random.default_rng(seed)
    W = rng.standard_normal((m, d))
    b = rng.standard_normal(m) if bias else None
    A = rng.standard_normal((d, d)) + 2 * np.eye(d)
    if abs(np.linalg.det(A)) < 1e-3:
        return
    base = set(patterns(W, b, list(range(m))).patterns)
    assert set(patterns(W + rng.standard_normal(d), b, list(range(m))).patterns) == base
    assert set(patterns(W @ np.linalg.inv(A), b, list(range(m))).patterns) == base


def test_sign_vectors_with_bias_and_zero_rows():
    W = np.array([[1.0, 0.0], [0.0, 1.0], [0.0, 0.0]])
    none = patterns(W, None, [0, 1, 2], kind="sign_vectors")
    assert none.count == 0  # a zero logit is never strictly signed
    b = np.array([0.0, 0.0, -1.0])
    withb = patterns(W, b, [0, 1, 2], kind="sign_vectors")
    assert withb.count == 4 and all(p[2] == -1 for p in withb.patterns)
    check_witnesses(W, b, withb)


def test_duplicate_rows_never_strictly_ordered():
    W = np.array([[1.0, 0.0], [1.0, 0.0], [0.0, 1.0]])
    r = patterns(W, None, [0, 1, 2])
    assert r.count == 0  # labels 0 and 1 always tie


def test_patterns_in_an_affine_subspace():
    W = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, -1.0]])
    full = patterns(W, None, [0, 1, 2])
    ln = patterns(W, None, [0, 1, 2], space=layernorm_space(np.ones(2)))
    assert full.count == 6
    assert ln.count < full.count and "LayerNorm" in ln.space
    check_witnesses(W, None, ln)


def test_bad_pattern_inputs():
    W = np.eye(10)
    with pytest.raises(DataError, match="at most 8"):
        patterns(W, None, list(range(9)))
    with pytest.raises(DataError, match="repeat"):
        patterns(W, None, [1, 1])
    with pytest.raises(DataError, match="out of range"):
        patterns(W, None, [0, 11])
    with pytest.raises(DataError, match="kind"):
        patterns(W, None, [0, 1], kind="orders")  # type: ignore[arg-type]
