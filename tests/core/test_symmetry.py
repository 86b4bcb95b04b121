"""The constructions of T and S: properties (hypothesis), least norm, and every edge case."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from cosaudit.core import symmetry as sym
from cosaudit.core.rescaling import rescale_pair
from cosaudit.core.verify import Equivalent, HeadArrays, Variant, verify_models
from cosaudit.errors import DataError, UnsupportedSymmetryError, UsageError

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def pair(draw, d_min: int = 2, d_max: int = 6):
    """Two distinct non-zero rows, sometimes nearly equal, at varied scales and offsets."""
    d = draw(st.integers(d_min, d_max))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    scale = 10 ** draw(st.floats(-2, 2))
    w_i = rng.standard_normal(d) * scale
    kind = draw(st.sampled_from(["random", "close", "offset", "equal_norm"]))
    if kind == "random":
        w_j = rng.standard_normal(d) * scale
    elif kind == "close":
        w_j = w_i + rng.standard_normal(d) * scale * 1e-3
    elif kind == "offset":
        off = rng.standard_normal(d) * scale * 20
        w_i, w_j = w_i + off, rng.standard_normal(d) * scale + off
    else:
        w_j = rng.standard_normal(d)
        w_j *= np.linalg.norm(w_i) / np.linalg.norm(w_j)
    assume(np.linalg.norm(w_i - w_j) > 1e-9 * scale)
    return w_i, w_j


targets = st.one_of(st.sampled_from([-1.0, 1.0, 0.0]), st.floats(-0.999, 0.999))


@SETTINGS
@given(pair(), targets)
def test_translation_reaches_target(p, tau):
    w_i, w_j = p
    t = sym.least_norm_translation(w_i, w_j, tau)
    # the achieved cosine, recomputed independently
    a, b = w_i + t.c, w_j + t.c
    got = float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))
    # conditioning: relative error ~ eps · |c| / |δ| (the rows are ≥ |δ|/2 long)
    tol = 1e-9 * (1 + np.linalg.norm(t.c) / np.linalg.norm(w_i - w_j))
    assert abs(got - tau) <= tol
    assert abs(t.cosine_after - tau) <= tol
    # both new rows keep at least half the distance between them (the floor)
    r = np.linalg.norm(w_i - w_j) / 2
    assert min(np.linalg.norm(a), np.linalg.norm(b)) >= r * (1 - 1e-9)


def _feasible_samples(w_i, w_j, tau, rng, n=3000):
    """Random translations reaching tau with both rows ≥ |δ|/2 (independent parametrisation)."""
    d = w_i.size
    delta = w_i - w_j
    r = np.linalg.norm(delta) / 2
    dh = delta / (2 * r)
    m = (w_i + w_j) / 2
    out = []
    for _ in range(n):
        if abs(tau) == 1.0:
            a = rng.uniform(-6 * r, 6 * r) + float(m @ dh)
            x = a * dh
        else:
            v = rng.standard_normal(d)
            v -= (v @ dh) * dh
            v /= np.linalg.norm(v)
            # from −x the segment [−δ/2, δ/2] is seen at angle arccos τ: circle through ±r
            root = math.sqrt(1 - tau * tau)
            h, R = r * tau / root, r / root
            phi = rng.uniform(-math.pi, math.pi)
            a, b = R * math.sin(phi), h + R * math.cos(phi)
            if b <= 0:
                continue
            x = a * dh + b * v
        c = x - m
        ai, aj = w_i + c, w_j + c
        if min(np.linalg.norm(ai), np.linalg.norm(aj)) < r:
            continue
        if abs(sym.cosine(ai, aj) - tau) > 1e-8:
            continue
        out.append(np.linalg.norm(c))
    return np.array(out)


@settings(max_examples=25, deadline=None)
@given(pair(d_max=4), targets)
def test_translation_is_least_norm(p, tau):
    w_i, w_j = p
    t = sym.least_norm_translation(w_i, w_j, tau)
    norms = _feasible_samples(w_i, w_j, tau, np.random.default_rng(0))
    assume(norms.size > 10)
    assert t.norm <= norms.min() * (1 + 1e-9) + 1e-12 * np.linalg.norm(w_i)


def test_least_norm_against_scipy_on_a_case_where_the_design_formula_is_not_least():
    """Rows of unequal norm: design.md's c = −m + s·u is longer than the least-norm c."""
    from scipy.optimize import minimize

    w_i, w_j = np.array([3.0, 0.4, 0.1]), np.array([1.0, 0.9, -0.2])
    tau = -0.3
    t = sym.least_norm_translation(w_i, w_j, tau)
    design = sym.design_translation(w_i, w_j, tau)
    assert abs(sym.cosine(w_i + design, w_j + design) - tau) < 1e-12
    assert t.norm < np.linalg.norm(design) * 0.9

    r = np.linalg.norm(w_i - w_j) / 2
    cons = [
        {"type": "eq", "fun": lambda c: sym.cosine(w_i + c, w_j + c) - tau},
        {"type": "ineq", "fun": lambda c: np.linalg.norm(w_i + c) - r},
        {"type": "ineq", "fun": lambda c: np.linalg.norm(w_j + c) - r},
    ]
    rng = np.random.default_rng(0)
    found = []
    for x0 in [t.c * 1.3, design, -w_i * 0.5, -w_j * 0.5, *rng.standard_normal((12, 3)) * 2]:
        res = minimize(
            lambda c: c @ c,
            x0,
            constraints=cons,
            method="SLSQP",
            options={"maxiter": 500, "ftol": 1e-14},
        )
        ok = res.success and all(
            abs(k["fun"](res.x)) < 1e-7 if k["type"] == "eq" else k["fun"](res.x) > -1e-7
            for k in cons
        )
        if ok:
            found.append(np.linalg.norm(res.x))
    assert found
    assert min(found) >= t.norm * (1 - 1e-6)
    assert min(found) <= t.norm * (1 + 1e-4)  # and SLSQP does find ours


@SETTINGS
@given(pair(), st.floats(-0.99, 0.99))
def test_design_formula_equals_least_norm_when_rows_have_equal_norm(p, tau):
    """m ⟂ δ ⇔ equal norms; then c = −m + s·u is least-norm for τ ≤ 0 and whenever |m⊥| is at
    least the height of the target circle's centre."""
    w_i, w_j = p
    w_j = w_j * (np.linalg.norm(w_i) / np.linalg.norm(w_j))
    assume(np.linalg.norm(w_i - w_j) > 1e-6 * np.linalg.norm(w_i))
    r = np.linalg.norm(w_i - w_j) / 2
    m_perp = np.linalg.norm((w_i + w_j) / 2)
    h = r * tau / math.sqrt(1 - tau * tau)
    assume(m_perp >= h * (1 + 1e-6) or tau <= 0)
    t = sym.least_norm_translation(w_i, w_j, tau)
    design = sym.design_translation(w_i, w_j, tau)
    np.testing.assert_allclose(t.c, design, rtol=1e-7, atol=1e-9 * np.linalg.norm(w_i))


def test_orthogonal_part_zero_uses_any_perpendicular_direction():
    """m ∥ δ (rows on one line through the origin): every ⟂ direction is equally short."""
    w_i, w_j = np.array([3.0, 0.0, 0.0]), np.array([1.0, 0.0, 0.0])
    for tau in (-0.5, 0.0, 0.7):
        t = sym.least_norm_translation(w_i, w_j, tau)
        assert abs(t.cosine_after - tau) < 1e-12
        d2 = sym.design_translation(w_i, w_j, tau)
        assert abs(sym.cosine(w_i + d2, w_j + d2) - tau) < 1e-12
    # already +1 and the shorter row (1) is at least |δ|/2 = 1 long: nothing to move
    assert sym.least_norm_translation(w_i, w_j, 1.0).norm == pytest.approx(0.0, abs=1e-15)
    # shorter row below the floor: moved out to exactly |δ|/2
    t = sym.least_norm_translation(np.array([2.0, 0, 0]), np.array([0.5, 0, 0]), 1.0)
    assert t.floor_active and np.linalg.norm(np.array([0.5, 0, 0]) + t.c) == pytest.approx(0.75)


@SETTINGS
@given(pair(), targets, st.integers(0, 2**16))
def test_translation_leaves_softmax_unchanged(p, tau, seed):
    w_i, w_j = p
    rng = np.random.default_rng(seed)
    others = rng.standard_normal((5, w_i.size)) * np.linalg.norm(w_i)
    W = np.vstack([w_i, w_j, others])
    b = rng.standard_normal(W.shape[0])
    t = sym.least_norm_translation(w_i, w_j, tau)
    (check,) = verify_models(
        HeadArrays(W, bias=b), [Variant(Equivalent("translate", c=t.c))], n_probes=200, seed=seed
    )
    # float64: error ~ eps · logit magnitude (|W|, |c| times |h| ~ sqrt(d))
    scale = (np.abs(W).max() + np.abs(t.c).max()) * W.shape[1] * 8
    assert check.max_abs_logprob_diff <= 1e-13 * max(1.0, scale)
    assert check.argmax_agree or check.max_abs_logprob_diff > 0


def test_paper_rule_signs():
    w_i, w_j = np.array([1.0, 0.5]), np.array([0.5, 1.0])
    for t, want in ((-0.5, -1.0), (-0.25, -1.0), (0.5, 1.0), (2.0, 1.0), (-3.0, 1.0)):
        c = sym.paper_translation(w_i, w_j, t)
        assert sym.cosine(w_i + c, w_j + c) == pytest.approx(want, abs=1e-12)


def test_relative_norm_is_against_mean_row_norm():
    W = np.array([[1.0, 0.5], [0.5, 1.0], [-1.0, 0.4]])
    t = sym.translate_pair(W, 0, 1, -1.0)
    mean = np.linalg.norm(W, axis=1).mean()
    assert t.mean_row_norm == pytest.approx(mean)
    assert t.relative_norm == pytest.approx(np.linalg.norm([0.75, 0.75]) / mean)


# --------------------------------------------------------------------------- edge cases


def test_identical_rows_are_answered_in_words():
    W = np.array([[1.0, 2.0], [1.0, 2.0], [0.0, 1.0]])
    with pytest.raises(sym.PairNotFlippableError) as exc:
        sym.translate_pair(W, 0, 1, -1.0)
    assert exc.value.issue.code == "identical_rows"
    assert "every equivalent model" in str(exc.value) and "equal probability" in str(exc.value)
    assert isinstance(exc.value, DataError)


def test_zero_row():
    with pytest.raises(sym.PairNotFlippableError) as exc:
        sym.least_norm_translation(np.zeros(3), np.ones(3), 0.5)
    assert exc.value.issue.code == "zero_row" and "undefined" in str(exc.value)


def test_same_label():
    W = np.eye(3)
    with pytest.raises(sym.PairNotFlippableError) as exc:
        sym.translate_pair(W, 1, 1, 0.0)
    assert exc.value.issue.code == "same_label" and "itself" in str(exc.value)


def test_one_dimension_only_plus_minus_one():
    w_i, w_j = np.array([2.0]), np.array([0.5])
    assert sym.least_norm_translation(w_i, w_j, -1.0).cosine_after == -1.0
    assert sym.least_norm_translation(w_i, w_j, 1.0).cosine_after == 1.0
    with pytest.raises(sym.PairNotFlippableError) as exc:
        sym.least_norm_translation(w_i, w_j, 0.3)
    assert exc.value.issue.code == "one_dimensional" and "−1 or +1" in str(exc.value)


@pytest.mark.parametrize("bad", [1.5, -1.01, float("nan"), float("inf")])
def test_target_out_of_range(bad):
    with pytest.raises(UsageError):
        sym.least_norm_translation(np.ones(2), np.array([1.0, 0.0]), bad)


def test_softcap_refuses_translation_but_not_rescaling():
    issue = sym.symmetry_issue("translate", softcap=30.0, has_norm=True)
    assert issue is not None and issue.code == "softcap" and "tanh" in issue.message
    assert "rescale" in (issue.hint or "")
    assert sym.symmetry_issue("rescale", softcap=30.0, has_norm=True) is None
    err = sym.SymmetryRefusedError(issue)
    assert isinstance(err, UnsupportedSymmetryError)


def test_sigmoid_refuses_translation_with_lemma():
    issue = sym.symmetry_issue("translate", head_type="sigmoid", has_norm=False)
    assert issue is not None and issue.code == "sigmoid"
    assert "Lemma 5.3" in issue.message and "no final norm" in (issue.hint or "")
    assert sym.symmetry_issue("rescale", head_type="sigmoid", has_norm=True) is None


def test_rescale_needs_a_norm():
    issue = sym.symmetry_issue("rescale", has_norm=False)
    assert issue is not None and issue.code == "no_final_norm"


def test_translation_really_changes_sigmoid_probabilities():
    """Why T is refused for sigmoid heads: the probabilities move."""
    W = np.array([[1.0, 0.5], [0.5, 1.0], [-1.0, 0.4]])
    t = sym.translate_pair(W, 0, 1, -1.0)
    (check,) = verify_models(
        HeadArrays(W, head_type="sigmoid"), [Variant(Equivalent("translate", c=t.c))], n_probes=100
    )
    assert check.max_abs_prob_diff > 0.05


def test_translation_really_changes_softcapped_probabilities():
    W = np.array([[1.0, 0.5], [0.5, 1.0], [-1.0, 0.4]]) * 5
    t = sym.translate_pair(W, 0, 1, 1.0)
    (check,) = verify_models(
        HeadArrays(W, softcap=2.0), [Variant(Equivalent("translate", c=t.c))], n_probes=100
    )
    assert check.max_abs_prob_diff > 1e-3


# --------------------------------------------------------------------------- rescaling S


def _random_head(rng, v=40, d=8, kind="layernorm"):
    W = rng.standard_normal((v, d))
    gain = rng.uniform(0.5, 2.0, d)
    shift = rng.standard_normal(d) * 0.1 if kind == "layernorm" else None
    return HeadArrays(W, bias=rng.standard_normal(v) * 0.1, gain=gain, shift=shift, norm_kind=kind)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**16), st.floats(-0.95, 0.95), st.sampled_from(["layernorm", "rmsnorm"]))
def test_rescaling_moves_centered_cosine_and_keeps_logits(seed, tau, kind):
    rng = np.random.default_rng(seed)
    head = _random_head(rng, kind=kind)
    W = head.weight
    mu = W.mean(axis=0)
    res = rescale_pair(W[0] - mu, W[1] - mu, tau, w_i=W[0], w_j=W[1])
    assert np.all(res.scale > 0)
    assert np.all(res.scale <= res.max_scale * (1 + 1e-12)) and np.all(
        res.scale >= 1 / res.max_scale * (1 - 1e-12)
    )
    # recompute the centered cosine of the rescaled head independently
    W2 = W / res.scale
    c2 = W2 - W2.mean(axis=0)
    got = sym.cosine(c2[0], c2[1])
    assert got == pytest.approx(res.centered_cosine_after, abs=1e-9)
    assert abs(got - tau) <= abs(res.centered_cosine_before - tau) + 1e-12  # never worse than e = 1
    if res.reached:
        assert got == pytest.approx(tau, abs=1e-5)
    (check,) = verify_models(
        head, [Variant(Equivalent("rescale", scale=res.scale))], n_probes=100, seed=seed
    )
    assert check.max_abs_logprob_diff < 1e-10
    assert check.argmax_agree


def test_rescaling_reaches_a_reachable_target_and_reports_a_bound():
    rng = np.random.default_rng(3)
    W = rng.standard_normal((30, 6))
    mu = W.mean(axis=0)
    before = sym.cosine(W[0] - mu, W[1] - mu)
    res = rescale_pair(W[0] - mu, W[1] - mu, 0.0 if abs(before) > 0.2 else 0.5)
    assert res.reached
    # ±1 is approached, not reached, with a bounded scale
    res1 = rescale_pair(W[0] - mu, W[1] - mu, 1.0, max_scale=10.0)
    assert not res1.reached and res1.centered_cosine_after > before
    assert res1.notes and "bounded" in res1.notes[0]


def test_rescaling_zero_centered_row():
    with pytest.raises(sym.PairNotFlippableError):
        rescale_pair(np.zeros(3), np.ones(3), 0.0)


def test_translation_does_not_move_centered_cosine():
    rng = np.random.default_rng(5)
    W = rng.standard_normal((20, 5))
    t = sym.translate_pair(W, 2, 7, -1.0)
    W2 = W + t.c
    c1, c2 = W - W.mean(0), W2 - W2.mean(0)
    assert sym.cosine(c1[2], c1[7]) == pytest.approx(sym.cosine(c2[2], c2[7]), abs=1e-12)
    assert sym.cosine(W2[2], W2[7]) == pytest.approx(-1.0, abs=1e-12)
