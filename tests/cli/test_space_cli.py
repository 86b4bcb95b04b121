"""`--space` on argmax / neighbours / patterns: all, norm, box:R and a file of hidden states.

The answers in a restricted space are checked against brute force: along a line of hidden
states every logit is affine in one parameter t, so the labels that can be on top are exactly
those that win at some t between consecutive crossing points of the lines (or beyond them).
"""

from __future__ import annotations

import hashlib
import itertools
from pathlib import Path

import numpy as np
import pytest
from ckptkit import assert_one_line_error, run_json
from click.testing import CliRunner

from cosaudit.cli import cli
from cosaudit.load import open_head

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
DEMO = str(FIXTURES / "demo-lm")
IMAGE = str(FIXTURES / "image-classifier")


def _line_states(tmp_path: Path, d: int, seed: int = 0) -> tuple[Path, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    h0, u = rng.standard_normal(d), rng.standard_normal(d)
    states = np.stack([h0 + t * u for t in (-1.0, 0.5, 2.0)])  # three points of one line
    path = tmp_path / "line.npy"
    np.save(path, states)
    return path, h0, u


def _winners_on_line(a: np.ndarray, b: np.ndarray) -> tuple[set[int], list[tuple[int, ...]]]:
    """Labels strictly on top of the lines a_k + b_k t for some t, and the rankings of all rows
    (for small V) met along the line, from the crossing points."""
    ts = []
    for i, j in itertools.combinations(range(a.size), 2):
        if b[i] != b[j]:
            ts.append((a[j] - a[i]) / (b[i] - b[j]))
    ts = np.unique(np.asarray(ts)) if ts else np.zeros(1)
    span = max(1.0, float(np.abs(ts).max()))
    probes = np.concatenate([[ts[0] - span], (ts[:-1] + ts[1:]) / 2, [ts[-1] + span]])
    Z = a[None, :] + probes[:, None] * b[None, :]
    top = Z.argmax(axis=1)
    second = np.sort(Z, axis=1)[:, -2] if a.size > 1 else np.full(probes.size, -np.inf)
    winners = {int(k) for k, z, s in zip(top, Z.max(axis=1), second, strict=True) if z > s}
    rankings = sorted({tuple(np.argsort(-z).tolist()) for z in Z})
    return winners, rankings


def test_argmax_all_on_a_line_of_hidden_states_matches_brute_force(tmp_path):
    head = open_head(DEMO)
    W = head.matrix().astype(np.float64)
    b = head.bias_vector()
    path, h0, u = _line_states(tmp_path, W.shape[1])
    rep = run_json("argmax", DEMO, "--all", "--space", str(path), "--format", "json")
    assert "affine span of 3 hidden states" in rep["space"] and "dimension 1" in rep["space"]
    a = W @ h0 + (0 if b is None else b)
    winners, _ = _winners_on_line(a, W @ u)
    yes = {r["id"] for r in rep["labels"] if r["argmaxable"]}
    assert yes == winners
    assert 1 <= len(yes) < W.shape[0] // 4  # a line reaches few labels; R^d reaches many more
    full = run_json("argmax", DEMO, "--all", "--format", "json")
    assert len(full["not_argmaxable"]) < len(rep["not_argmaxable"])
    assert any("may still be argmaxable elsewhere" in n for n in rep["notes"])


def test_patterns_on_a_line_are_the_rankings_met_along_it(tmp_path):
    head = open_head(DEMO)
    rep_ids = run_json("patterns", DEMO, "--labels", "dog", "cat", "horse", "--format", "json")
    ids = [lab["id"] for lab in rep_ids["labels"]]
    W = head.matrix().astype(np.float64)[ids]
    path, h0, u = _line_states(tmp_path, W.shape[1], seed=3)
    rep = run_json("patterns", DEMO, "--labels", "dog", "cat", "horse", "--space", str(path),
                   "--format", "json")
    _, rankings = _winners_on_line(W @ h0, W @ u)
    want = sorted(tuple(ids[k] for k in r) for r in rankings)
    assert sorted(tuple(p) for p in rep["patterns"]) == want
    assert rep["count"] == len(want) < rep_ids["count"]


def test_neighbours_in_a_space_are_tieable_there(tmp_path):
    head = open_head(DEMO)
    W = head.matrix().astype(np.float64)
    path, h0, u = _line_states(tmp_path, W.shape[1], seed=5)
    a, bb = W @ h0, W @ u
    winners, _ = _winners_on_line(a, bb)
    label = head.label_of(min(winners))
    rep = run_json("neighbours", DEMO, "--label", label, "--space", str(path), "--format", "json")
    assert "dimension 1" in rep["space"]
    i = min(winners)
    for n in rep["tieable"]:  # i and j tie at t* = (a_j − a_i)/(b_i − b_j) with every other below
        j = n["id"]
        t = (a[j] - a[i]) / (bb[i] - bb[j])
        z = a + t * bb
        others = np.delete(z, [i, j])
        assert others.max() < z[i] - 1e-9 * max(1.0, abs(z[i]))


def test_space_norm_uses_the_final_layernorm_and_box_bounds_a_biased_head():
    rep = run_json("argmax", DEMO, "--labels", "dog", "cat", "--space", "norm", "--format", "json")
    assert rep["space"].startswith("the LayerNorm output span of dimension 23 in R^24")
    full = run_json("argmax", IMAGE, "--all", "--format", "json")
    tiny = run_json("argmax", IMAGE, "--all", "--space", "box:1e-4", "--format", "json")
    assert tiny["space"].startswith("the box |h_j| <= 0.0001")
    # near h = 0 the bias decides: only the labels with the largest bias can be on top
    head = open_head(IMAGE)
    bias = head.bias_vector()
    yes = {r["id"] for r in tiny["labels"] if r["argmaxable"]}
    assert yes == {int(np.argmax(bias))}
    assert len(full["not_argmaxable"]) < len(tiny["not_argmaxable"])


def _states_file(tmp_path: Path, name: str, arr) -> str:
    p = tmp_path / name
    if name.endswith(".npz"):
        np.savez(p, **arr)
    else:
        np.save(p, arr, allow_pickle=True)
    return str(p)


@pytest.mark.parametrize(
    "make, needles",
    [
        (lambda t: "box:abc", ["box:R needs a number"]),
        (lambda t: "box:-2", ["R > 0"]),
        (lambda t: "box:inf", ["R > 0"]),
        (lambda t: "sideways", ["unknown --space value"]),
        (lambda t: str(t / "missing.npy"), ["does not exist"]),
        (lambda t: _states_file(t, "wide.npy", np.ones((3, 7))), ["width 24"]),
        (lambda t: _states_file(t, "one.npy", np.ones((1, 24))), ["n >= 2"]),
        (lambda t: _states_file(t, "same.npy", np.ones((4, 24))), ["same point"]),
        (lambda t: _states_file(t, "nan.npy", np.full((3, 24), np.nan)), ["NaN/Inf"]),
        (lambda t: _states_file(t, "obj.npy", np.array([{"a": 1}], dtype=object)), ["unpickle"]),
        (lambda t: _states_file(t, "two.npz", {"a": np.ones((2, 24)), "b": np.ones((2, 24))}),
         ["none is named 'hidden_states'"]),
        (lambda t: _states_file(t, "txt.npy", np.array([["a"] * 24] * 3)), ["not numbers"]),
    ],
)
def test_bad_space_values_are_one_line_errors(tmp_path, make, needles):
    value = make(tmp_path)
    before = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in tmp_path.iterdir()}
    for cmd in (["argmax", DEMO, "--labels", "dog"], ["patterns", DEMO, "--labels", "dog", "cat"],
                ["neighbours", DEMO, "--label", "dog"]):
        res = CliRunner().invoke(cli, [*cmd, "--space", value])
        assert_one_line_error(res, *needles)
    after = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in tmp_path.iterdir()}
    assert before == after


def test_space_norm_without_a_final_norm_is_refused():
    res = CliRunner().invoke(cli, ["argmax", str(FIXTURES / "npy" / "head.npy"), "--ids", "0", "--space", "norm"])
    assert_one_line_error(res, "no final norm")


def test_npz_with_a_hidden_states_array_is_read(tmp_path):
    rng = np.random.default_rng(2)
    p = tmp_path / "acts.npz"
    np.savez(p, hidden_states=rng.standard_normal((30, 24)), other=np.zeros(3))
    rep = run_json("argmax", DEMO, "--labels", "dog", "--space", str(p), "--format", "json")
    assert "affine span of 30 hidden states" in rep["space"] and "dimension 24 in R^24" in rep["space"]


def test_space_norm_on_an_rmsnorm_head_is_all_of_rd_and_says_so():
    softcap = str(FIXTURES / "softcap")
    rep = run_json("argmax", softcap, "--all", "--space", "norm", "--format", "json")
    full = run_json("argmax", softcap, "--all", "--format", "json")
    assert rep["space"].startswith("the RMSNorm output span, which is all of R^")
    assert rep["not_argmaxable"] == full["not_argmaxable"]
    assert not any("final norm precedes" in n for n in rep["notes"])
    assert any("final norm precedes" in n for n in full["notes"])
