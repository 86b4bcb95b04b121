"""Exact answers near degeneracy: the issue's counterexamples, an exact rational oracle, invariances.

The oracle decides strict linear systems over Fractions by Fourier–Motzkin elimination (tiny
heads only): label i is argmaxable iff ∃h: (w_i − w_k)·h + b_i − b_k > 0 for all k ≠ i; a ranking
is feasible iff its chain of strict inequalities is.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from cosaudit.core.geometry import argmaxable, tieable, tieable_neighbours
from cosaudit.core.patterns import patterns

# ----------------------------------------------------------------------------- the oracle


def _fm_feasible(rows: list[tuple[list[Fraction], Fraction]]) -> bool:
    """∃x: a·x + c > 0 for every (a, c)? Fourier–Motzkin over Fractions (strict inequalities)."""
    if not rows:
        return True
    n = len(rows[0][0])
    for j in range(n):
        pos = [r for r in rows if r[0][j] > 0]
        neg = [r for r in rows if r[0][j] < 0]
        new = [r for r in rows if r[0][j] == 0]
        for (ap, cp), (an, cn) in itertools.product(pos, neg):
            fp, fn = 1 / ap[j], 1 / -an[j]
            new.append(([fp * x + fn * y for x, y in zip(ap, an, strict=True)], fp * cp + fn * cn))
        seen, rows = set(), []
        for a, c in new:  # drop repeated rows (after scaling) to keep the system small
            scale = next((abs(x) for x in a if x != 0), abs(c) or Fraction(1))
            key = (tuple(x / scale for x in a), c / scale)
            if key not in seen:
                seen.add(key)
                rows.append((a, c))
    return all(c > 0 for _, c in rows)


def _F(W, b=None):
    W = [[Fraction(float(x)) for x in row] for row in np.asarray(W, dtype=np.float64)]
    b = [Fraction(0)] * len(W) if b is None else [Fraction(float(x)) for x in b]
    return W, b


def oracle_argmaxable(W, b, i) -> bool:
    Wf, bf = _F(W, b)
    rows = [([x - y for x, y in zip(Wf[i], Wf[k], strict=True)], bf[i] - bf[k]) for k in range(len(Wf)) if k != i]
    return _fm_feasible(rows)


def oracle_tieable(W, b, i, j) -> bool:
    """∃h: z_i = z_j > z_k for every other k? The tie plane solved for one coordinate, then FM."""
    Wf, bf = _F(W, b)
    e = [x - y for x, y in zip(Wf[i], Wf[j], strict=True)]
    eb = bf[i] - bf[j]
    others = [k for k in range(len(Wf)) if k not in (i, j)]
    rows = [([x - y for x, y in zip(Wf[i], Wf[k], strict=True)], bf[i] - bf[k]) for k in others]
    if not any(e):
        return eb == 0 and _fm_feasible(rows)
    q = next(c for c in range(len(e)) if e[c] != 0)  # h_q = −(Σ_{c≠q} e_c h_c + eb) / e_q
    cut = []
    for a, c in rows:
        f = a[q] / e[q]
        cut.append(([a[x] - f * e[x] for x in range(len(e)) if x != q], c - f * eb))
    return all(c > 0 for _, c in cut) if len(e) == 1 else _fm_feasible(cut)


def oracle_rankings(W, b=None) -> set[tuple[int, ...]]:
    Wf, bf = _F(W, b)
    out = set()
    for pi in itertools.permutations(range(len(Wf))):
        rows = [
            ([x - y for x, y in zip(Wf[hi], Wf[lo], strict=True)], bf[hi] - bf[lo]) for hi, lo in itertools.pairwise(pi)
        ]
        if _fm_feasible(rows):
            out.add(pi)
    return out


# ----------------------------------------------------------------------------- the counterexamples


def test_a_near_hull_label_is_argmaxable_not_a_false_no():
    W = np.array([[0, 0, 0], [4, 0, 0], [0, 4, 0], [1, 1, -4], [1, 1, 2**-30]], dtype=np.float32)
    assert oracle_argmaxable(W, None, 4)
    r = argmaxable(W, None, 4)
    assert r.verdict == "yes" and r.argmaxable
    z = W.astype(np.float64) @ r.witness
    assert z[4] > np.delete(z, 4).max()
    assert r.storage_tie and "float32 tie in practice" in r.note
    # exactly on the face: a re-checked "no" whose mixture has no residual
    W[4, 2] = 0.0
    assert not oracle_argmaxable(W, None, 4)
    r = argmaxable(W, None, 4)
    assert r.verdict == "no" and r.certificate.residual <= r.certificate.bound
    mix = sum(v * W[k].astype(np.float64) for k, v in r.certificate.weights.items())
    assert np.allclose(mix, W[4], atol=1e-12)


def test_translation_does_not_turn_yes_into_a_duplicate_no():
    W = np.array([[0, 0], [0, 2**-18], [1024, 0], [-1024, 0], [0, -1024]], dtype=np.float64)
    assert oracle_argmaxable(W, None, 1)
    for c in ([0.0, 0.0], [4096.0, 0.0], [-4096.0, 8192.0]):
        r = argmaxable(W + c, None, 1)
        assert r.verdict == "yes", (c, r.method, r.certificate)


def test_exact_duplicates_are_found_bit_for_bit_and_only_then():
    W = np.array([[1.0, 2.0], [1.0, 2.0], [-3.0, 0.5], [0.0, -2.0]])
    assert argmaxable(W, None, 0).verdict == "no"
    assert argmaxable(W, None, 0).certificate.kind == "duplicate"
    W[1, 1] = np.nextafter(2.0, 3.0)  # one ulp apart: a real (if tiny) vertex each
    assert oracle_argmaxable(W, None, 0) and oracle_argmaxable(W, None, 1)
    assert argmaxable(W, None, 0).verdict == argmaxable(W, None, 1).verdict == "yes"
    assert argmaxable(W, None, 1).storage_tie


# ----------------------------------------------------------------------------- exactly degenerate designs

DESIGNS = {
    # points on a hull face: #4 is the centre of the square's top edge
    "hull face": (np.array([[0, 0], [4, 0], [4, 4], [0, 4], [2, 4]]), None),
    "collinear triple": (np.array([[0, 0], [1, 1], [2, 2], [0, 3], [3, -1]]), None),
    "parallel chords": (np.array([[0, 0], [2, 0], [0, 1], [2, 1], [1, 3]]), None),
    "square": (np.array([[1, 0], [0, 1], [-1, 0], [0, -1]]), None),
    "duplicated rows": (np.array([[1, 2], [1, 2], [-1, 0], [0, -3]]), None),
    "duplicated rows, bias": (np.array([[1, 2], [1, 2], [-1, 0], [0, -3]]), np.array([0.0, 0.5, 0.0, 1.0])),
    "3-d face": (np.array([[0, 0, 0], [4, 0, 0], [0, 4, 0], [0, 0, 4], [1, 1, 0], [1, 1, 2]]), None),
}


@pytest.mark.parametrize("name", sorted(DESIGNS))
def test_argmax_and_rankings_match_the_exact_oracle(name):
    W, b = DESIGNS[name]
    W = W.astype(np.float64)
    for i in range(len(W)):
        want = oracle_argmaxable(W, b, i)
        got = argmaxable(W, b, i)
        assert got.verdict == ("yes" if want else "no"), (name, i, got.method, got.certificate)
    if len(W) <= 6:
        res = patterns(W, b, list(range(len(W))))
        assert set(res.patterns) == oracle_rankings(W, b), name


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7, 8])
def test_regular_polygon_in_float64_gives_exact_count_moved_scaled_permuted(n):
    """A regular n-gon's rankings: n distinct chord directions, so 2n cells (not n(n-1))."""
    rng = np.random.default_rng(n)
    ang = 2 * np.pi * np.arange(n) / n + 0.3
    base = np.c_[np.cos(ang), np.sin(ang)]
    for _ in range(3):
        Q, _ = np.linalg.qr(rng.standard_normal((4, 4)))
        W = (base[rng.permutation(n)] @ Q[:2] + rng.standard_normal(4) * 10.0 ** rng.integers(0, 4)) * 2.0 ** int(
            rng.integers(-5, 6)
        )
        for sign in (1, -1):
            res = patterns(sign * W, None, list(range(n)))
            assert res.count == 2 * n
            assert {p[::-1] for p in res.patterns} == set(res.patterns)


# ----------------------------------------------------------------------------- invariance (hypothesis)


@st.composite
def near_degenerate(draw, offsets: tuple[int, int] = (10, 30)):
    """Small dyadic heads with repeated rows, collinear points and tiny offsets 2^-offsets (exact in float64)."""
    V = draw(st.integers(3, 6))
    d = draw(st.integers(2, 3))
    pool = st.integers(-4, 4)
    rows = [[draw(pool) for _ in range(d)] for _ in range(V)]
    W = np.array(rows, dtype=np.float64)
    for k in range(V):
        how = draw(st.sampled_from(["keep", "keep", "copy", "mid", "nudge"]))
        a, c = draw(st.integers(0, V - 1)), draw(st.integers(0, V - 1))
        if how == "copy":
            W[k] = W[a]
        elif how == "mid":
            W[k] = (W[a] + W[c]) / 2
        elif how == "nudge":
            W[k, draw(st.integers(0, d - 1))] += 2.0 ** -draw(st.integers(*offsets))
    return W


def _answers(W):
    return [argmaxable(W, None, i).verdict for i in range(len(W))]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(W=near_degenerate(), data=st.data())
def test_answers_invariant_under_translation_permutation_scaling_negation(W, data):
    V, d = W.shape
    base = _answers(W)
    assert "undecided" not in base
    c = np.array([data.draw(st.integers(-64, 64)) * 2.0 ** data.draw(st.integers(0, 8)) for _ in range(d)])
    assert _answers(W + c) == base
    perm = np.array(data.draw(st.permutations(range(V))))
    assert [_answers(W[perm])[np.flatnonzero(perm == i)[0]] for i in range(V)] == base
    assert _answers(W * 2.0 ** data.draw(st.integers(-20, 20))) == base
    # oracle agreement on every label
    assert base == ["yes" if oracle_argmaxable(W, None, i) else "no" for i in range(V)]
    if V <= 5:
        r, neg = patterns(W, None, list(range(V))), patterns(-W, None, list(range(V)))
        assert {p[::-1] for p in r.patterns} == set(neg.patterns) == set(r.patterns)
        moved = patterns(W[perm] + c, None, list(range(V)))
        assert {tuple(int(perm[x]) for x in p) for p in moved.patterns} == set(r.patterns)


# Heads on which `argmax` answered "undecided" (found with COSAUDIT_HYPOTHESIS=random): row 0 is
# 2^-31 off the midpoint of rows 2 and 3, and row 2 has an exact copy, so neither partner of the
# near-certificate ties with it; a label next to it does (the tie witness nudged toward row 0).
UNDECIDED_FOUND = [
    np.array([[-3.0, -1.5, -3.0], [-0.5, -1.0, 3.5], [-2.0, 1.0, -2.0], [-3.9999999990686774, -4.0, -4.0],
              [-4.0, -2.0, 4.0], [-2.0, 1.0, -2.0]]),
    # row 3 is 2^-30 off the midpoint of rows 0 and 1: four affinely independent rows, so every
    # label is argmaxable, but every tie with 3 is as thin; equal margins against 0, 1 and 2 decide
    np.array([[-1.0000000000582077, 0.0, -2.0], [4.0, 1.0, 1.5], [4.0, 4.0, 1.0],
              [1.4999999999708962, 0.5000000009313226, -0.25]]),
]


@pytest.mark.parametrize("k", range(len(UNDECIDED_FOUND)))
def test_found_heads_are_decided_exactly_and_invariantly(k):
    W = UNDECIDED_FOUND[k]
    V, d = W.shape
    base = _answers(W)
    assert base == ["yes" if oracle_argmaxable(W, None, i) else "no" for i in range(V)]
    assert _answers(W + np.array([48.0 * 2**5, -3.0, 64.0])[:d]) == base
    perm = np.roll(np.arange(V)[::-1], 2)
    assert [_answers(W[perm])[np.flatnonzero(perm == i)[0]] for i in range(V)] == base
    assert _answers(W * 2.0**-13) == base


def test_a_tie_is_decided_either_way_round():
    """On the head above (0, 4) was "yes" and (4, 0) "undecided": the question is symmetric."""
    W = UNDECIDED_FOUND[0]
    for pair in ((0, 4), (4, 0)):
        r = tieable(W, None, *pair)
        assert r.verdict == "yes" and r.certificate is None and "undecided" not in r.note, pair
        z = W @ r.witness
        others = np.delete(z, list(pair))
        assert min(z[0], z[4]) > others.max() and abs(z[0] - z[4]) <= 1e-12 * np.abs(z).max()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(W=near_degenerate())
@example(W=UNDECIDED_FOUND[0])
@example(W=UNDECIDED_FOUND[1])
def test_the_three_commands_never_contradict_each_other(W):
    V = W.shape[0]
    verdict = _answers(W)
    for i in range(V):
        nb = tieable_neighbours(W, None, i, k=V)
        for t in nb.neighbours:
            j = t.pair[1]
            # a label with a tie partner is argmaxable, unless the partner is an exact copy
            assert verdict[i] == "yes" or np.array_equal(W[i], W[j])
            assert tieable(W, None, j, i).verdict == "yes"
        if verdict[i] == "no" and not any(np.array_equal(W[i], W[k]) for k in range(V) if k != i):
            assert nb.neighbours == []
    if V <= 5:
        for p in patterns(W, None, list(range(V))).patterns:
            assert verdict[p[0]] == "yes"


def test_thin_slivers_of_a_rounded_design_are_listed_apart():
    """A square rounded to 1e-12 relative: the slivers exist only within the tolerance."""
    W = np.array([[1, 0], [0, 1], [-1, 0], [0, -1]], dtype=np.float64)
    W[0, 1] += 1e-12
    res = patterns(W, None, [0, 1, 2, 3])
    assert res.count == 8 and res.tolerance >= 1e-7
    assert all(math.isfinite(m) and m >= res.tolerance for m in res.margins)
    assert not set(res.within_tolerance) & set(res.patterns)


# Heads on which the three commands disagreed (found by the property test above with random
# examples): a tie partner found by `neighbours` while `argmax` said "undecided" for the label, or
# `tieable` said "undecided" for a pair `neighbours` listed. Fixed twice over: the NNLS hull test
# (`hull.py`) decides the argmax, and a tie witness nudged toward the label re-checks.
KNOWN_DISAGREEMENTS = [
    np.array([[0, 0, 0], [0, 0, 1], [0.5, 0.5, 0.5], [0, 0, 0], [1.00000003, 1, 1], [0, 0, 0]], dtype=np.float64),
]


@pytest.mark.parametrize("k", range(len(KNOWN_DISAGREEMENTS)))
def test_known_disagreements_near_exact_degeneracy(k):
    W = KNOWN_DISAGREEMENTS[k]
    test_the_three_commands_never_contradict_each_other.hypothesis.inner_test(W)
    assert _answers(W) == ["yes" if oracle_argmaxable(W, None, i) else "no" for i in range(len(W))]


# A near-degenerate head (row 1 lies within float32 rounding of the segment from row 0 to row 2,
# and on the facet y = 0): the interior-point LP's weights missed it by 2^-25, so `argmax` answered
# "undecided". The NNLS hull test, and the LP's weights re-fitted on a larger support, both give the
# exact "no" (found by the invariance test with random examples).
UNDECIDED_NEAR_SEGMENT = np.array([[0, 0, 0], [0, 0, 0.5], [2.0**-24, 0, 1], [-1, 0, 0], [-1, 1, 0], [1, 0, 0]],
                                  dtype=np.float64)


def test_no_undecided_near_a_hull_segment():
    W = UNDECIDED_NEAR_SEGMENT
    assert _answers(W) == ["yes" if oracle_argmaxable(W, None, i) else "no" for i in range(len(W))]
    r = argmaxable(W, None, 1)
    mix = sum(v * W[k] for k, v in r.certificate.weights.items())
    assert r.certificate.residual <= r.certificate.bound and np.allclose(mix, W[1], rtol=0, atol=1e-15)
