"""The NNLS hull-membership test (core/geometry/hull.py) against independent references.

- `NNLS` against scipy's own Lawson–Hanson (`scipy.optimize.nnls`): the same optimal residual.
- `hull_membership` against an exact LP feasibility test (HiGHS on λ ≥ 0, Σλ = 1, Σ λ a = 0), on
  heads with planted interior labels, hull vertices, and biases; each answer is also re-checked by
  its own evidence: the weights' mixture reproduces the label's row, or the direction puts the
  label strictly on top.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy.optimize import linprog, nnls

from cosaudit.core.geometry import HeadGeometry, argmaxable
from cosaudit.core.geometry.hull import NNLS, hull_membership
from cosaudit.core.geometry.witness import _Problem


@pytest.mark.parametrize("seed", range(6))
def test_nnls_reaches_scipys_optimum(seed):
    rng = np.random.default_rng(seed)
    m, n = rng.integers(3, 12), rng.integers(2, 40)
    C = rng.standard_normal((m, n))
    C[-1] = rng.uniform(-0.5, 1.0, n)  # mixed signs in the row e picks out
    e = np.zeros(m)
    e[-1] = 1.0
    solver = NNLS(int(m))
    solver.add_columns(C[:, : n // 2])
    assert solver.solve(10_000)
    solver.add_columns(C[:, n // 2 :])  # a warm start: more columns after an optimum
    assert solver.solve(10_000)
    x = solver.x
    assert (x >= 0).all()
    _, ref = nnls(C, e)
    assert np.linalg.norm(C @ x - e) == pytest.approx(ref, abs=1e-9)


def test_nnls_factorisation_stays_exact_through_deletions(monkeypatch):
    """Columns leave through an in-place `qr_delete` and the triangular solves use the whole R
    buffer (its unused diagonal padded with ones): after deletions, some of them with a full
    square Q, Q R must still be the passive columns, the padding intact and the optimum scipy's."""
    deletions = {True: 0, False: 0}  # keyed by "Q was square"
    original = NNLS._delete

    def counting(self, k):
        deletions[len(self.P) == self.m] += 1
        original(self, k)

    monkeypatch.setattr(NNLS, "_delete", counting)
    m, n = 10, 120
    e = np.zeros(m)
    e[-1] = 1.0
    for seed in range(8):
        rng = np.random.default_rng(100 + seed)
        C = rng.standard_normal((m, n))
        C[-1] = rng.uniform(-1.0, 0.2, n)  # mostly against e: a residual, and a path with deletions
        solver = NNLS(m)
        for part in np.array_split(np.arange(n), 6):
            solver.add_columns(C[:, part])
            assert solver.solve(10_000)
        p = len(solver.P)
        Q, R = solver.Qt[:p].T, solver.R
        assert np.abs(Q @ R[:p, :p] - C[:, solver.P]).max() < 1e-12
        assert np.abs(Q.T @ Q - np.eye(p)).max() < 1e-12
        np.testing.assert_array_equal(R[p:, :], np.eye(m)[p:, :])
        np.testing.assert_array_equal(R[:p, p:], 0.0)
        _, ref = nnls(C, e)
        assert np.linalg.norm(C @ solver.x - e) == pytest.approx(ref, abs=1e-9)
    assert deletions[True] > 0 and deletions[False] > 0


def _planted_head(seed, V=60, d=5, bias=False):
    rng = np.random.default_rng(seed)
    W = rng.standard_normal((V, d)) + 4.0  # a shared offset: the answers must not care
    inner = [3, 7, 11]
    for i in inner:
        src = rng.choice(np.setdiff1d(np.arange(V), inner), size=d + 2, replace=False)
        W[i] = rng.dirichlet(np.ones(d + 2)) @ W[src]
    b = rng.standard_normal(V) * 0.3 if bias else None
    return W, b


def _inside_by_lp(W, b, i):
    """Independent reference: is label i dominated (never strictly on top)?"""
    others = np.delete(np.arange(W.shape[0]), i)
    A = W[others] - W[i]
    d = W.shape[1]
    A_eq = np.vstack([A.T, np.ones((1, others.size))])
    b_eq = np.r_[np.zeros(d), 1.0]
    if b is None:
        res = linprog(np.zeros(others.size), A_eq=A_eq, b_eq=b_eq, bounds=(0, None), method="highs")
    else:  # Σ λ (b_k − b_i) ≥ 0
        res = linprog(np.zeros(others.size), A_ub=-(b[others] - b[i])[None, :], b_ub=[0.0],
                      A_eq=A_eq, b_eq=b_eq, bounds=(0, None), method="highs")
    return res.status == 0


@pytest.mark.parametrize("bias", [False, True])
@pytest.mark.parametrize("seed", range(4))
def test_hull_membership_agrees_with_an_exact_lp(seed, bias):
    W, b = _planted_head(seed, bias=bias)
    g = HeadGeometry(W, b)
    for i in range(12):
        p = _Problem(g, [i])
        ans = hull_membership(p, p.threats(np.zeros(g.d), 4))
        assert ans.status == "optimal"
        inside = _inside_by_lp(W, b, i)
        if inside:
            assert ans.gap <= 1e-12
            lam = ans.weights / ans.weights.sum()
            assert np.linalg.norm(lam @ W[ans.labels] - W[i]) <= 1e-9 * np.abs(W).max()
            if b is not None:
                assert lam @ b[ans.labels] >= b[i] - 1e-9
        else:
            assert ans.gap > 0
            s = ans.s if b is not None else 0.0
            z = W @ ans.h + (s * b if b is not None else 0.0)
            assert z[i] > np.delete(z, i).max()


def test_argmaxable_answers_planted_interior_labels_through_the_hull():
    W, _ = _planted_head(7, V=400, d=12)
    g = HeadGeometry(W)
    for i in (3, 7, 11):
        res = argmaxable(g, i=i)
        assert res.verdict == "no"
        assert res.certificate is not None and res.certificate.kind == "lp-dual"
        lam = np.array(list(res.certificate.weights.values()))
        ks = np.array(list(res.certificate.weights))
        assert np.linalg.norm(lam @ W[ks] - W[i]) <= 1e-9 * np.abs(W).max()


def test_a_step_limit_hands_the_question_to_the_lp(monkeypatch):
    import cosaudit.core.geometry.lp as lp

    W, _ = _planted_head(3, V=200, d=8)
    g = HeadGeometry(W)
    p = _Problem(g, [3])
    assert hull_membership(p, p.threats(np.zeros(g.d), 4), max_steps=3).status == "step-limit"
    real = lp.hull_membership
    monkeypatch.setattr(lp, "hull_membership", lambda p, K0: real(p, K0, max_steps=3))
    res = argmaxable(g, i=3)
    assert res.verdict == "no"  # decided by the HiGHS LP instead
    ks = np.array(list(res.certificate.weights))
    lam = np.array(list(res.certificate.weights.values()))
    assert np.linalg.norm(lam @ W[ks] - W[3]) <= 1e-9 * np.abs(W).max()


@pytest.mark.parametrize("busy", [False, True])
def test_one_blas_thread_only_while_the_machine_is_busy(monkeypatch, busy):
    from threadpoolctl import threadpool_info

    import cosaudit.core.geometry.hull as hull

    monkeypatch.setattr(hull.os, "getloadavg", lambda: (64.0 if busy else 0.0, 0.0, 0.0))
    monkeypatch.setattr(hull.os, "cpu_count", lambda: 2)
    before = [p["num_threads"] for p in threadpool_info() if p["user_api"] == "blas"]
    with hull.small_product_threads():
        inside = [p["num_threads"] for p in threadpool_info() if p["user_api"] == "blas"]
    assert inside == ([1] * len(before) if busy else before)


def test_the_relaxation_gives_up_on_an_interior_label_once_it_stalls(monkeypatch):
    """Inside the hull the relaxation circles the same few labels; it stops after STALL_ITERS steps
    without fewer violated labels instead of spending its whole budget of full-head products."""
    from cosaudit.core.geometry import witness

    W, _ = _planted_head(0)
    p = _Problem(HeadGeometry(W), [3])
    calls = []
    original = witness._Problem.m_h

    def counting(self, h):
        calls.append(1)
        return original(self, h)

    monkeypatch.setattr(witness._Problem, "m_h", counting)
    wit, _, _ = witness._cheap_search(p, iters=200, budget_s=60.0)
    assert wit is None
    assert len(calls) < 40  # 200 steps were allowed; it stopped STALL_ITERS steps after its last progress


def test_an_invalid_flag_in_the_float32_prices_only_defers_to_float64():
    """BLAS kernels can raise the invalid-operation flag on finite inputs (numpy#24067); here a NaN
    price made on purpose (inf × 0 in the float32 copy) stands in for one: no warning escapes (the
    suite turns warnings into errors), and the entering column is read from the float64 prices."""
    solver = NNLS(3)
    solver.add_columns(np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]))
    solver.CT32[0, 0] = np.inf  # the float32 copy only; r[0] = 0 below makes its price inf × 0
    r = np.array([0.0, 0.5, 1.0])
    t = solver._entering(r, float(np.linalg.norm(r)))
    assert t == int(np.argmax(solver.CT @ r))
