"""`neighbours` says first what share of the vocabulary is tie-able with the label, lists the
tie-able ones of largest witness margin with the count of the rest, and compares the cosine
neighbours with that share (issue 14)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from ckptkit import run_cli
from safetensors.numpy import save_file

from cosaudit.core.geometry import HeadGeometry, tieable, tieable_neighbours
from cosaudit.load import open_head

DEMO = str(Path(__file__).resolve().parents[2] / "fixtures" / "demo-lm")


@pytest.fixture(scope="module")
def dog() -> dict:
    r = run_cli(["neighbours", DEMO, "--label", "dog", "--format", "json"])
    assert r.exit_code == 0, r.stderr
    return json.loads(r.stdout)  # type: ignore[no-any-return]


def test_share_of_the_vocabulary_is_counted(dog: dict) -> None:
    share = dog["tieable_share"]
    assert share["exhaustive"] is True and share["others"] == 236
    assert share["tieable"] == 233 and share["shown"] == 10 and share["not_shown"] == 223


def test_never_tieable_ones_are_rechecked_with_the_full_lp(dog: dict) -> None:
    head = open_head(DEMO)
    g = HeadGeometry(head.matrix(), head.bias_vector())
    i = dog["label"]["id"]
    listed = {e["id"] for e in dog["tieable"]}
    everyone = tieable_neighbours(g, None, i, k=0, exhaustive=True)
    tie_ids = {r.pair[1] for r in everyone.neighbours}
    never = sorted(set(range(g.V)) - tie_ids - {i})
    assert len(never) == 3
    for j in never + sorted(listed)[:3]:  # an independent, plain LP per pair agrees
        assert tieable(g, None, i, j, full_lp=True).tieable == (j in tie_ids), j


def test_the_shown_ones_have_the_largest_margins(dog: dict) -> None:
    head = open_head(DEMO)
    g = HeadGeometry(head.matrix(), head.bias_vector())
    everyone = tieable_neighbours(g, None, dog["label"]["id"], k=0, exhaustive=True)
    best = sorted(everyone.neighbours, key=lambda r: -(r.rel_margin or 0.0))[:10]
    assert [e["id"] for e in dog["tieable"]] == [r.pair[1] for r in best]
    margins = [e["margin"] for e in dog["tieable"]]
    assert margins == sorted(margins, reverse=True)


def test_cosine_neighbours_say_whether_they_are_tieable(dog: dict) -> None:
    share = dog["tieable_share"]
    for key, count in (("cosine", "cosine_tieable"), ("centered_cosine", "centered_tieable")):
        flags = [e["tieable"] for e in dog[key]]
        assert all(isinstance(f, bool) for f in flags)
        assert share[count] == sum(flags)
    assert share["expected_at_random"] == pytest.approx(10 * 233 / 236, abs=0.01)


def test_text_report_says_the_share_before_the_table() -> None:
    r = run_cli(["neighbours", DEMO, "--label", "dog"])
    assert r.exit_code == 0, r.stderr
    out = r.stdout
    share = out.index("'dog' can share the top with 233 of the 236 other labels (98.7 %)")
    assert share < out.index("┏")
    assert "9.87 of 10 labels picked at random would be" in out
    assert "223 more are not shown" in out


def test_a_large_head_says_the_share_was_not_computed(monkeypatch: pytest.MonkeyPatch) -> None:
    import cosaudit.audit.tie_share as ts

    monkeypatch.setattr(ts, "EXHAUSTIVE_WORK", 0.0)
    r = run_cli(["neighbours", DEMO, "--label", "dog", "--format", "json"])
    rep = json.loads(r.stdout)
    share = rep["tieable_share"]
    assert share["exhaustive"] is False and share["tieable"] is None
    found = {e["id"] for e in rep["tieable"]}
    for e in rep["cosine"]:  # found ones are known tie-able; the others are undecided, not "no"
        assert e["tieable"] is (True if e["id"] in found else None)
    text = run_cli(["neighbours", DEMO, "--label", "dog"]).stdout
    assert "The share of the 236 other labels tie-able with 'dog' was not computed" in text


def test_an_unconstrained_head_needs_no_check(tmp_path: Path) -> None:
    W = np.random.default_rng(1).normal(size=(5, 8)).astype(np.float32)
    save_file({"fc.weight": W}, str(tmp_path / "m.safetensors"))
    r = run_cli(["neighbours", tmp_path / "m.safetensors", "--id", "0", "--k", "2", "--format", "json"])
    share = json.loads(r.stdout)["tieable_share"]
    assert share == {"exhaustive": True, "tieable": 4, "others": 4, "shown": 2, "not_shown": 2,
                     "why": "the rows are affinely independent", "relation": "share the top with",
                     "cosine_tieable": 2, "centered_tieable": 2, "expected_at_random": 2.0}
