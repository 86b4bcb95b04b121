"""argmaxable / tie-able: the paper's worked examples, invariances, witnesses, degenerate heads."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cosaudit.core.geometry import (
    HeadGeometry,
    argmax_many,
    argmaxable,
    box_space,
    head_summary,
    hidden_states_space,
    layernorm_space,
    rmsnorm_space,
    tieable,
    tieable_matrix,
    tieable_neighbours,
)
from cosaudit.errors import DataError


def tie_pairs(W, b=None, head_type="softmax"):
    V = len(W)
    return [[i, j] for i, j in itertools.combinations(range(V), 2) if tieable(W, b, i, j, head_type=head_type).tieable]


def tops(W, b=None, head_type="softmax"):
    return [i for i in range(len(W)) if argmaxable(W, b, i, head_type=head_type).argmaxable]


def recheck_argmax(W, b, r):
    """Recompute logits at the witness: label strictly on top."""
    z = np.asarray(W, float) @ r.witness + (0 if b is None else np.asarray(b, float))
    others = np.delete(z, r.label)
    assert z[r.label] > others.max()


def recheck_tie(W, b, r):
    z = np.asarray(W, float) @ r.witness + (0 if b is None else np.asarray(b, float))
    i, j = r.pair
    scale = np.abs(z).max() + 1
    assert abs(z[i] - z[j]) <= 1e-9 * scale
    others = np.delete(z, [i, j])
    if others.size:
        assert min(z[i], z[j]) > others.max()


# ----------------------------------------------------------------------------- paper examples


@pytest.mark.parametrize("name", ["centered", "centered_unit_length"])
def test_paper_tie_pairs_and_top_labels(paper_examples, name):
    ex = paper_examples[name]
    W = np.array(ex["W"])
    assert tie_pairs(W) == ex["tie_pairs"]
    assert tops(W) == ex["possible_top_labels"]


def test_paper_unrestricted_three_models_same_ties(paper_examples):
    ex = paper_examples["unrestricted"]
    expected = ex["checks"]["tie_pairs_all_models"]
    for key in ("W_model1", "W_minus1_model", "W_plus1_model"):
        W = np.array(ex[key])
        assert tie_pairs(W) == expected, key
        assert tops(W) == [0, 1, 2, 3, 4], key


def test_paper_centered_2_and_4_never_tie_and_certificate_names_3(paper_examples):
    W = np.array(paper_examples["centered"]["W"])
    r = tieable(W, None, 2, 4, cheap_iters=0)
    assert not r.tieable and r.method == "lp"
    assert r.certificate is not None and r.certificate.lp_optimum <= 0
    assert r.certificate.residual < 1e-9
    assert max(r.certificate.weights, key=r.certificate.weights.get) == 3
    yes = tieable(W, None, 1, 2)
    assert yes.tieable
    recheck_tie(W, None, yes)


def test_every_paper_witness_rechecks(paper_examples):
    W = np.array(paper_examples["centered_unit_length"]["W"])
    for i in range(len(W)):
        recheck_argmax(W, None, argmaxable(W, None, i))
    for i, j in paper_examples["centered_unit_length"]["tie_pairs"]:
        recheck_tie(W, None, tieable(W, None, i, j))


# ----------------------------------------------------------------------------- exact LP path


def test_lp_path_agrees_with_full_lp_and_certificates_hold():
    rng = np.random.default_rng(3)
    W = rng.standard_normal((400, 6))
    b = rng.standard_normal(400) * 0.5
    for bias in (None, b):
        for i in range(12):
            fast = argmaxable(W, bias, i, cheap_iters=0)  # force constraint generation
            full = argmaxable(W, bias, i, full_lp=True)
            assert fast.argmaxable == full.argmaxable
            if fast.argmaxable:
                recheck_argmax(W, bias, fast)
            else:
                c = fast.certificate
                lam = np.zeros(len(W))
                for k, v in c.weights.items():
                    lam[k] = v
                assert lam.sum() == pytest.approx(1.0, abs=1e-6)
                # w_i is (nearly) the mixture, with no larger bias
                assert np.linalg.norm(lam @ W - W[i]) < 1e-6 * np.abs(W).max()
                if bias is not None:
                    assert bias[i] <= lam @ bias + 1e-6


def test_constraint_generation_on_a_larger_head_finds_planted_interior_points():
    rng = np.random.default_rng(0)
    W = rng.standard_normal((3000, 16)) + 5.0  # shared offset: h = w_i fails, translation doesn't
    centroid = W.mean(axis=0)
    planted = [10, 20, 30]
    for p in planted:
        src = rng.choice(np.arange(100, 3000), size=8, replace=False)
        W[p] = 0.8 * rng.dirichlet(np.ones(8)) @ W[src] + 0.2 * centroid
    g = HeadGeometry(W)
    batch = argmax_many(g, None, list(range(0, 60)))
    assert batch.complete
    assert set(planted) <= set(batch.not_argmaxable)
    for i in range(60):
        assert batch.results[i].argmaxable == argmaxable(g, None, i, full_lp=True).argmaxable
        if batch.results[i].argmaxable:
            recheck_argmax(W, None, batch.results[i])


def test_batch_progress_and_interruption_keep_partial_results():
    rng = np.random.default_rng(1)
    W = rng.standard_normal((500, 4))
    calls = []
    stop_after = {"n": 0}

    def should_stop():
        stop_after["n"] += 1
        return stop_after["n"] > 5

    res = argmax_many(W, None, None, progress=lambda d, t, s: calls.append((d, t, s)), should_stop=should_stop)
    assert calls and all(t == 500 for _, t, _ in calls)
    assert not res.complete
    assert 0 < len(res.results) < 500
    full = argmax_many(W, None, None)
    assert full.complete and len(full.results) == 500
    for i, r in res.results.items():
        assert r.argmaxable == full.results[i].argmaxable


def test_neighbours_are_tieable_ordered_by_margin_and_recheck():
    rng = np.random.default_rng(2)
    W = rng.standard_normal((300, 5))
    nb = tieable_neighbours(W, None, 0, k=4)
    assert 0 < len(nb.neighbours) <= 4
    margins = [r.rel_margin for r in nb.neighbours]
    assert margins == sorted(margins, reverse=True)
    for r in nb.neighbours:
        assert r.pair[0] == 0 and r.tieable
        recheck_tie(W, None, r)
        assert tieable(W, None, 0, r.pair[1], full_lp=True).tieable


def test_neighbours_announce_their_own_check_and_keep_what_an_interrupt_leaves():
    rng = np.random.default_rng(2)
    W = rng.standard_normal((300, 5))
    stages = []

    def at_own_check(done, total, stage):
        stages.append(stage)
        raise KeyboardInterrupt

    nb = tieable_neighbours(W, None, 0, k=4, progress=at_own_check)
    assert stages == ["is the label ever on top? (one argmax check)"]
    assert nb.interrupted and not nb.complete and nb.neighbours == [] and nb.label_verdict == ""

    def in_search(done, total, stage):
        stages.append(stage)
        if stage == "witness search" and done >= 3:
            raise KeyboardInterrupt

    nb = tieable_neighbours(W, None, 0, k=0, exhaustive=True, progress=in_search)
    assert nb.interrupted and not nb.complete and nb.label_verdict == "yes"
    assert nb.candidates_checked == 3 < nb.candidates_considered == 299
    for r in nb.neighbours:  # what was found before the interrupt is re-checked evidence
        recheck_tie(W, None, r)


def test_tieable_matrix_diagonal_is_argmaxable(paper_examples):
    W = np.array(paper_examples["centered"]["W"])
    tm = tieable_matrix(W, None, [1, 2, 3, 4])
    assert tm.matrix.tolist() == [
        [True, True, False, False],
        [True, True, True, False],
        [False, True, True, True],
        [False, False, True, True],
    ]
    for r in tm.pairs.values():
        if r.tieable:
            recheck_tie(W, None, r)


# ----------------------------------------------------------------------------- invariances


def _head(seed, V, d, bias):
    rng = np.random.default_rng(seed)
    W = rng.standard_normal((V, d))
    b = rng.standard_normal(V) if bias else None
    return rng, W, b


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), V=st.integers(4, 14), d=st.integers(1, 4), bias=st.booleans())
def test_translation_and_linear_maps_leave_answers_unchanged(seed, V, d, bias):
    rng, W, b = _head(seed, V, d, bias)
    c = rng.standard_normal(d) * 3
    A = rng.standard_normal((d, d)) + 2 * np.eye(d)  # invertible (checked below)
    if abs(np.linalg.det(A)) < 1e-3:
        return
    # h -> A h: logits W h + b = (W A^-1)(A h) + b
    W_lin = W @ np.linalg.inv(A)
    base_top = [argmaxable(W, b, i).argmaxable for i in range(V)]
    pairs = [(0, 1), (0, V - 1), (1, 2)]
    base_tie = [tieable(W, b, i, j).tieable for i, j in pairs]
    for W2 in (W + c, W_lin):
        assert [argmaxable(W2, b, i).argmaxable for i in range(V)] == base_top
        assert [tieable(W2, b, i, j).tieable for i, j in pairs] == base_tie
        for i in range(V):
            r = argmaxable(W2, b, i)
            if r.argmaxable:
                recheck_argmax(W2, b, r)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), V=st.integers(4, 12), d=st.integers(2, 4))
def test_sigmoid_answers_are_invariant_under_linear_maps(seed, V, d):
    rng, W, b = _head(seed, V, d, True)
    A = rng.standard_normal((d, d)) + 2 * np.eye(d)
    if abs(np.linalg.det(A)) < 1e-3:
        return
    W2 = W @ np.linalg.inv(A)
    for i in range(V):
        r1 = argmaxable(W, b, i, head_type="sigmoid")
        r2 = argmaxable(W2, b, i, head_type="sigmoid")
        assert r1.argmaxable == r2.argmaxable
        if r1.argmaxable:
            z = W @ r1.witness + b
            assert z[i] > 0 and np.all(np.delete(z, i) < 0)


def test_sigmoid_is_not_translation_invariant():
    # on a line through the origin: 3 points; "predicted alone" depends on where the origin is
    W = np.array([[1.0, 0.0], [2.0, 0.0], [3.0, 0.0]])
    assert argmaxable(W, None, 0, head_type="sigmoid").argmaxable is False
    W2 = W - np.array([1.5, 0.0])  # now -0.5, 0.5, 1.5: h < 0 turns on label 0 alone
    r = argmaxable(W2, None, 0, head_type="sigmoid")
    assert r.argmaxable
    z = W2 @ r.witness
    assert z[0] > 0 and z[1] < 0 and z[2] < 0
    # a zero row without bias has logit 0 everywhere: never on, and never strictly off
    W3 = W - np.array([2.0, 0.0])
    assert argmaxable(W3, None, 1, head_type="sigmoid").method == "zero-row"
    assert not argmaxable(W3, None, 2, head_type="sigmoid").argmaxable


# ----------------------------------------------------------------------------- degenerate heads


def test_duplicate_rows_never_strictly_on_top_but_always_tie():
    W = np.array([[1.0, 0.0], [1.0, 0.0], [0.0, 1.0], [-1.0, -1.0]])
    r = argmaxable(W, None, 0)
    assert not r.argmaxable and r.method == "duplicate"
    assert "duplicates" in r.note
    t = tieable(W, None, 0, 1)
    assert t.tieable
    recheck_tie(W, None, t)
    # equal rows, different bias: label 0 always beats 1 by the bias gap
    b = np.array([0.5, 0.0, 0.0, 0.0])
    assert argmaxable(W, b, 0).argmaxable
    assert not argmaxable(W, b, 1).argmaxable
    tt = tieable(W, b, 0, 1)
    assert not tt.tieable and tt.method == "parallel"
    # a third copy is never strictly below the pair
    W3 = np.vstack([W, [1.0, 0.0]])
    assert not tieable(W3, None, 0, 1).tieable


def test_collinear_rows_middle_point_is_not_argmaxable():
    W = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [0.0, 3.0]])
    assert tops(W) == [0, 2, 3]
    # wherever 0 and 2 tie, their midpoint 1 ties too: no pair on that line is tie-able
    assert tie_pairs(W) == [[0, 3], [2, 3]]
    r = argmaxable(W, None, 1)
    assert r.certificate.residual < 1e-12
    assert r.certificate.weights == pytest.approx({0: 0.5, 2: 0.5})


def test_d1_only_extremes_are_argmaxable():
    W = np.array([[0.0], [1.0], [3.0], [2.0]])
    assert tops(W) == [0, 2]
    assert tie_pairs(W) == []  # in d = 1 without bias, a tie means h = 0: everyone ties
    b = np.array([0.0, 0.0, 0.0, 5.0])
    assert argmaxable(W, b, 3).argmaxable


def test_few_rows_affinely_independent_head_constrains_nothing():
    rng = np.random.default_rng(5)
    W = rng.standard_normal((4, 6))  # V <= d + 1
    summary = head_summary(W)
    assert summary["unconstrained"] and "constrains nothing" in summary["statement"]
    assert tops(W) == [0, 1, 2, 3]
    assert len(tie_pairs(W)) == 6
    W[3] = 0.5 * (W[0] + W[1])  # now affinely dependent: the midpoint cannot win
    assert not head_summary(W)["unconstrained"]
    assert not argmaxable(W, None, 3).argmaxable


def test_zero_rows_are_ordinary_points_for_softmax():
    W = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [-1.0, -1.0]])
    # the zero row is inside the triangle of the others: never on top (translation-invariant)
    assert tops(W) == [1, 2, 3]
    W2 = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]])
    assert tops(W2) == [0, 1, 2]


def test_rank_deficient_head():
    rng = np.random.default_rng(7)
    B = rng.standard_normal((2, 10))
    W = rng.standard_normal((30, 2)) @ B  # rank 2 in R^10
    full = [argmaxable(W, None, i, full_lp=True).argmaxable for i in range(30)]
    fast = [argmaxable(W, None, i).argmaxable for i in range(30)]
    assert fast == full
    assert 3 <= sum(fast) < 30


def test_single_and_two_labels():
    assert argmaxable(np.array([[1.0, 2.0]]), None, 0).argmaxable
    W = np.array([[1.0, 0.0], [0.0, 1.0]])
    assert tieable(W, None, 0, 1).tieable


def test_search_spaces_are_stated_and_used():
    W = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]])
    b = np.array([10.0, 0.0, 0.0])
    r = argmaxable(W, b, 1)
    assert r.argmaxable and r.space == "all of R^2"
    small = argmaxable(W, b, 1, box=1.0)  # label 0's bias of 10 cannot be overcome in |h| <= 1
    assert not small.argmaxable and "box" in small.space
    big = argmaxable(W, b, 1, space=box_space(100.0))
    assert big.argmaxable and np.abs(big.witness).max() <= 100.0
    ln = layernorm_space(np.ones(2))
    # mean-free h = (a, -a): label 1 wins for a > 0, label 2 for a < 0; label 0 ties... bias off
    r2 = argmaxable(W, None, 1, space=ln)
    assert r2.argmaxable and "LayerNorm" in r2.space
    assert abs(r2.witness.sum()) < 1e-9


def test_bad_inputs_raise_data_errors():
    with pytest.raises(DataError, match="NaN"):
        argmaxable(np.array([[np.nan, 0.0], [1.0, 1.0]]), None, 0)
    with pytest.raises(DataError, match="out of range"):
        argmaxable(np.eye(3), None, 5)
    with pytest.raises(DataError, match="two different"):
        tieable(np.eye(3), None, 1, 1)
    with pytest.raises(DataError, match="bias"):
        argmaxable(np.eye(3), np.zeros(2), 0)
    with pytest.raises(DataError, match="V x d"):
        argmaxable(np.zeros(3), None, 0)
    with pytest.raises(DataError, match="box"):
        box_space(-1.0)


def test_ctrl_c_during_the_vectorised_pass_keeps_settled_labels():
    rng = np.random.default_rng(4)
    W = rng.standard_normal((2500, 8))
    seen = []

    def progress(done, total, stage):
        seen.append(done)
        if stage == "whitened certificates" and done >= 1024:
            raise KeyboardInterrupt

    res = argmax_many(W, None, None, progress=progress)
    assert not res.complete
    assert 0 < len(res.results) <= 1024
    for r in res.results.values():
        assert r.method == "witness:whitened"
        recheck_argmax(W, None, r)


def test_hidden_state_and_rmsnorm_spaces():
    """States spanning R^d (and an RMSNorm with no zero gain) give the answers of all of R^d;
    states on a plane, or a zero gain, restrict them; witnesses lie in the space."""
    rng = np.random.default_rng(4)
    W = rng.standard_normal((40, 3))
    W[7] = W[:5].mean(axis=0)  # inside the hull: never on top
    b = rng.standard_normal(40) * 0.1
    full = argmax_many(HeadGeometry(W, b), None, None)
    spanning = hidden_states_space(rng.standard_normal((10, 3)))
    same = argmax_many(HeadGeometry(W, b, space=spanning), None, None)
    assert same.not_argmaxable == full.not_argmaxable and 7 in full.not_argmaxable
    rms = argmax_many(HeadGeometry(W, b, space=rmsnorm_space(np.array([2.0, 0.5, 1.0]))), None, None)
    assert rms.not_argmaxable == full.not_argmaxable
    # the plane z = 0 (through states with z = 0), and the same plane as a zero gain
    plane_states = np.c_[rng.standard_normal((6, 2)), np.zeros(6)]
    plane = hidden_states_space(plane_states)
    assert plane.basis.shape == (3, 2) and "dimension 2" in plane.describe(3)
    flat = argmax_many(HeadGeometry(W, None, space=plane), None, None)
    flat_rms = argmax_many(HeadGeometry(W, None, space=rmsnorm_space(np.array([1.0, 3.0, 0.0]))),
                           None, None)
    hull2 = {i for i in range(40) if argmaxable(W[:, :2], None, i).argmaxable}
    assert set(range(40)) - set(flat.not_argmaxable) == hull2
    assert flat_rms.not_argmaxable == flat.not_argmaxable
    for i, r in flat.results.items():
        if r.argmaxable:
            assert abs(r.witness[2]) < 1e-12  # the witness is in the plane
            z = W @ r.witness
            assert z.argmax() == i
    with pytest.raises(DataError, match="same point"):
        hidden_states_space(np.ones((3, 3)))
    with pytest.raises(DataError, match="n >= 2"):
        hidden_states_space(np.ones((1, 3)))
    with pytest.raises(DataError, match="zero everywhere"):
        rmsnorm_space(np.zeros(3))
