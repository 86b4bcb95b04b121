"""`neighbours`, `argmax`, `patterns` via click: JSON contracts, formats, answers, bad inputs."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest
from ckptkit import assert_one_line_error as _one_error_line
from ckptkit import run_json as _json
from click.testing import CliRunner
from safetensors.numpy import save_file

from cosaudit.cli import cli
from cosaudit.report import identifiable as render

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
DEMO = str(FIXTURES / "demo-lm")


def run(*args: str):
    return CliRunner().invoke(cli, list(args))





@pytest.fixture
def paper_ckpt(tmp_path: Path, paper_examples: dict) -> Path:
    """The paper's 'centered' head as a .safetensors file with a labels file."""
    W = np.array(paper_examples["centered"]["W"], dtype=np.float32)
    path = tmp_path / "centered.safetensors"
    save_file({"lm_head.weight": W}, str(path))
    (tmp_path / "labels.txt").write_text("a\nb\nc\nd\ne\n")
    return path


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# ----------------------------------------------------------------------------- argmax


def test_argmax_all_on_paper_head_json_contract(paper_ckpt: Path) -> None:
    rep = _json("argmax", str(paper_ckpt), "--all")
    assert rep["schema"] == "cosaudit.argmax/1"
    assert rep["complete"] and rep["answered"] == rep["requested"] == 5
    assert rep["not_argmaxable"] == []
    assert [r["id"] for r in rep["labels"]] == [0, 1, 2, 3, 4]
    for r in rep["labels"]:
        assert set(r) >= {"label", "id", "argmaxable", "margin", "method"}
        assert r["argmaxable"] and 0 < r["margin"] <= 1
    assert rep["space"] == "all of R^2"


def test_argmax_finds_interior_label_with_certificate(tmp_path: Path) -> None:
    W = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, -1.0], [0.0, 0.0], [0.2, 0.1]], dtype=np.float32)
    path = tmp_path / "m.safetensors"
    save_file({"lm_head.weight": W}, str(path))
    rep = _json("argmax", str(path), "--ids", "0", "3", "4")
    assert rep["not_argmaxable"] == [3, 4]
    no = {r["id"]: r for r in rep["labels"]}
    assert no[3]["argmaxable"] is False and no[3]["margin"] is None
    assert "dominated by a mixture" in no[3]["why_not"]
    text = run("argmax", str(path), "--ids", "0", "3", "4")
    assert text.exit_code == 0
    assert "NO" in text.stdout and "2 can never be the top prediction" in text.stdout


def test_argmax_labels_through_the_tokenizer_and_formats(tmp_path: Path) -> None:
    rep = _json("argmax", DEMO, "--labels", "dog", "cat")
    assert [r["label"] for r in rep["labels"]] == ["dog", "cat"]
    assert all(r["token"] for r in rep["labels"])
    md = run("argmax", DEMO, "--labels", "dog", "cat", "--format", "md")
    assert md.exit_code == 0 and md.stdout.startswith("# Argmaxable labels")
    assert "| dog |" in md.stdout
    out = tmp_path / "a.json"
    r = run("argmax", DEMO, "--labels", "dog", "--format", "json", "--output", str(out))
    assert r.exit_code == 0 and r.stdout == "" and json.loads(out.read_text())["labels"][0]["label"] == "dog"


def test_argmax_sigmoid_head_uses_predicted_alone(tmp_path: Path) -> None:
    # three sigmoid labels on a line through the origin: only the ends can be on alone
    W = np.array([[-1.0, 0.0], [1.0, 0.0], [2.0, 0.0]], dtype=np.float32)
    path = tmp_path / "s.safetensors"
    save_file({"classifier.weight": W}, str(path))
    rep = _json("argmax", str(path), "--all", "--head", "sigmoid")
    assert rep["head_type"] == "sigmoid" and "only one predicted" in rep["semantics"]
    assert rep["not_argmaxable"] == [1, 2]


def test_argmax_interrupted_keeps_partial_results(monkeypatch: pytest.MonkeyPatch, paper_ckpt: Path) -> None:
    import cosaudit.core.geometry.batch as geometry

    real = geometry.argmaxable
    calls = {"n": 0}

    def flaky(*a, **k):
        calls["n"] += 1
        if calls["n"] > 2:
            raise KeyboardInterrupt
        return real(*a, **k)

    # the vectorised pass settles nothing on this tiny head if we force everything through the
    # per-label path: make the Gram pass a no-op
    monkeypatch.setattr(geometry, "_gram_pass", lambda *a, **k: ({}, True))
    monkeypatch.setattr(geometry, "argmaxable", flaky)
    r = run("argmax", str(paper_ckpt), "--all", "--format", "json")
    assert r.exit_code == 130, r.stderr
    rep = json.loads(r.stdout)
    assert rep["complete"] is False and rep["answered"] == 2 and rep["requested"] == 5
    assert "interrupted" in r.stderr


def test_argmax_bad_inputs(paper_ckpt: Path) -> None:
    _one_error_line(run("argmax", str(paper_ckpt)), "no labels")
    _one_error_line(run("argmax", str(paper_ckpt), "--all", "--ids", "1"), "--all")
    _one_error_line(run("argmax", str(paper_ckpt), "--ids", "9"))
    _one_error_line(run("argmax", str(paper_ckpt.parent / "missing.safetensors"), "--all"))


def test_argmax_nan_head_is_refused(tmp_path: Path) -> None:
    W = np.array([[1.0, 0.0], [np.nan, 1.0], [0.0, 1.0]], dtype=np.float32)
    path = tmp_path / "nan.safetensors"
    save_file({"lm_head.weight": W}, str(path))
    before = _digest(path)
    _one_error_line(run("argmax", str(path), "--all"), "NaN")
    assert _digest(path) == before


def test_output_exists_needs_force(tmp_path: Path, paper_ckpt: Path) -> None:
    out = tmp_path / "r.json"
    out.write_text("keep")
    _one_error_line(run("argmax", str(paper_ckpt), "--all", "-f", "json", "-o", str(out)))
    assert out.read_text() == "keep"
    r = run("argmax", str(paper_ckpt), "--all", "-f", "json", "-o", str(out), "--force")
    assert r.exit_code == 0 and json.loads(out.read_text())["schema"] == "cosaudit.argmax/1"


# ----------------------------------------------------------------------------- neighbours


def test_neighbours_json_contract_on_demo() -> None:
    rep = _json("neighbours", DEMO, "--label", "dog", "--k", "5")
    assert rep["schema"] == "cosaudit.neighbours/1"
    assert rep["label"]["label"] == "dog" and isinstance(rep["label"]["id"], int)
    assert set(rep["label"]) == {"label", "id", "token"}
    for key, val in (("cosine", "cosine"), ("centered_cosine", "cosine"), ("tieable", "margin")):
        assert 0 < len(rep[key]) <= 5
        for e in rep[key]:
            assert {"label", "id", val} <= set(e)
            assert e["id"] != rep["label"]["id"]
    cos = [e["cosine"] for e in rep["cosine"]]
    assert cos == sorted(cos, reverse=True)
    margins = [e["margin"] for e in rep["tieable"]]
    assert margins == sorted(margins, reverse=True)
    assert (
        json.dumps(rep, sort_keys=True, indent=2) + "\n"
        == run("neighbours", DEMO, "--label", "dog", "--k", "5", "-f", "json").stdout
    )


def test_neighbours_tieable_are_exactly_the_hull_neighbours(paper_ckpt: Path) -> None:
    # centered example: label 2's tie partners are 1 and 3 (paper tie_pairs), not 4 (cos 0.8)
    rep = _json("neighbours", str(paper_ckpt), "--id", "2", "--k", "4")
    assert sorted(e["id"] for e in rep["tieable"]) == [1, 3]
    assert rep["centered_cosine"][0]["id"] in (3, 4)  # cosine calls 4 "close"; it never ties with 2


def test_neighbours_text_and_md(paper_ckpt: Path) -> None:
    t = run("neighbours", str(paper_ckpt), "--id", "2", "--k", "3")
    assert t.exit_code == 0 and "tie-able" in t.stdout and "raw cosine" in t.stdout
    md = run("neighbours", str(paper_ckpt), "--id", "2", "--k", "3", "-f", "md")
    assert md.exit_code == 0 and md.stdout.startswith("# Neighbours of")


def test_neighbours_bad_inputs(paper_ckpt: Path) -> None:
    _one_error_line(run("neighbours", str(paper_ckpt)), "--label")
    _one_error_line(run("neighbours", str(paper_ckpt), "--label", "x", "--id", "1"), "--label")
    _one_error_line(run("neighbours", DEMO, "--label", "notaword-xyz"))


# ----------------------------------------------------------------------------- patterns


def test_patterns_json_contract_paper_counts(paper_ckpt: Path, paper_examples: dict) -> None:
    rep = _json("patterns", str(paper_ckpt), "--ids", "0", "1", "2", "3", "4")
    assert rep["schema"] == "cosaudit.patterns/1" and rep["kind"] == "rankings"
    assert rep["count"] == paper_examples["centered"]["n_rankings"] == len(rep["patterns"])
    assert [e["id"] for e in rep["labels"]] == [0, 1, 2, 3, 4]
    for p in rep["patterns"]:
        assert sorted(p) == [0, 1, 2, 3, 4]


def test_patterns_sigmoid_fixture_gives_sign_vectors(fixtures_dir: Path) -> None:
    rep = _json("patterns", str(fixtures_dir / "multilabel"), "--ids", "0", "1", "2")
    assert rep["kind"] == "sign_vectors" and rep["head_type"] == "sigmoid"
    assert all(set(p) <= {1, -1} and len(p) == 3 for p in rep["patterns"])
    assert rep["count"] == len(rep["patterns"])


def test_patterns_demo_text() -> None:
    r = run("patterns", DEMO, "--labels", "dog", "cat", "horse")
    assert r.exit_code == 0 and " > " in r.stdout and "rankings" in r.stdout


def test_patterns_bad_inputs(paper_ckpt: Path) -> None:
    _one_error_line(run("patterns", str(paper_ckpt)), "no labels")
    _one_error_line(run("patterns", str(paper_ckpt), "--ids", "1"), "at least two")
    _one_error_line(run("patterns", str(paper_ckpt), "--ids", "1", "1"), "twice")
    big = paper_ckpt.parent / "big.safetensors"
    save_file({"lm_head.weight": np.eye(12, dtype=np.float32)}, str(big))
    _one_error_line(run("patterns", str(big), "--ids", *[str(i) for i in range(9)]), "at most 8")


# ----------------------------------------------------------------------------- renderers


def test_renderers_are_pure_and_handle_empty_lists() -> None:
    rep = {
        "schema": "cosaudit.neighbours/1",
        "checkpoint": {"source": "x", "tensor": "w", "shape": [3, 2]},
        "head_type": "softmax",
        "label": {"label": "a", "id": 0, "token": "a"},
        "k": 2,
        "space": "all of R^2",
        "cosine": [],
        "centered_cosine": [],
        "tieable": [],
        "tieable_search": {
            "candidates_considered": 2,
            "candidates_checked": 2,
            "exhaustive": False,
            "order": "",
        },
        "semantics": "s",
        "margin_note": "m",
        "notes": [],
    }
    from cosaudit.audit.reports import NeighboursReport

    typed = NeighboursReport(rep)
    text = render.render_neighbours_text(typed, color=False)
    assert "no tie-able neighbour found" in text
    assert typed.to_dict() == rep  # JSON is the content as given
    assert render.render_neighbours_markdown(typed).startswith("# Neighbours of a")


def test_small_classifier_is_said_to_constrain_nothing(fixtures_dir: Path) -> None:
    rep = _json("argmax", str(fixtures_dir / "image-classifier"), "--all")
    assert rep["not_argmaxable"] == [] and rep["complete"]
    assert any("constrains nothing" in n for n in rep["notes"])


def test_sigmoid_neighbours_say_cosines_matter_there(fixtures_dir: Path) -> None:
    rep = _json("neighbours", str(fixtures_dir / "multilabel"), "--id", "0", "--k", "3")
    assert rep["head_type"] == "sigmoid" and "exactly these two" in rep["semantics"]
    text = run("neighbours", str(fixtures_dir / "multilabel"), "--id", "0", "--k", "3")
    assert "Lemma 5.3" in text.stdout


# ----------------------------------------------------------------------------- issue 12: evidence, dtype, tolerance


def _npy(tmp_path: Path, W: np.ndarray, name: str = "w.npy") -> str:
    path = tmp_path / name
    np.save(path, W)
    return str(path)


def test_argmax_json_carries_witness_and_certificate_and_stays_float64(tmp_path: Path) -> None:
    # the first counterexample, exactly on the face (#4 no) and 2^-30 above it (#5 yes)
    W = np.array([[0, 0, 0], [4, 0, 0], [0, 4, 0], [1, 1, -4], [1, 1, 0], [1, 1, 2**-30]], dtype=np.float64)
    rep = _json("argmax", _npy(tmp_path, W), "--ids", "4", "5")
    assert rep["dtype"].startswith("float64 (from F64")
    no, yes = rep["labels"]
    assert no["verdict"] == "no" and no["argmaxable"] is False and no["witness"] is None
    cert = no["certificate"]
    mix = sum(w * W[k] for k, w in zip(cert["ids"], cert["weights"], strict=True))
    assert np.allclose(mix, W[4], atol=1e-12) and cert["residual"] <= cert["bound"]
    assert yes["verdict"] == "yes" and yes["certificate"] is None
    z = W @ np.array(yes["witness"])
    assert z[5] > np.delete(z, 5).max()
    # without the F64 -> float32 rounding, #5 is its own vertex; not a float64 tie in practice
    assert not yes["storage_tie"]


def test_argmax_reports_a_float32_tie_in_practice(tmp_path: Path) -> None:
    W = np.array([[0, 0, 0], [4, 0, 0], [0, 4, 0], [1, 1, -4], [1, 1, 2**-30]], dtype=np.float32)
    rep = _json("argmax", _npy(tmp_path, W), "--ids", "4")
    (row,) = rep["labels"]
    assert row["verdict"] == "yes" and row["storage_tie"] and "float32 tie in practice" in row["note"]
    assert 0 < row["margin"] < 1e-8  # kept to 3 significant digits, not rounded to a contradictory 0
    for fmt in ("text", "md"):
        out = run("argmax", _npy(tmp_path, W), "--ids", "4", "--format", fmt).stdout
        assert "(float tie)" in out and "another label ties with it" in " ".join(out.split()), fmt


def test_neighbours_marks_a_tie_below_the_storage_resolution(tmp_path: Path) -> None:
    # labels 1 and 5 tie at the top only by a margin of ~1e-18 (float64): yes, but a tie with a third in practice
    W = np.array([[0, -1.9999999998835847], [-1.1920928955078125e-07, 2], [-1, 3.0000000298023224],
                  [-4.000000000232831, 1], [-2.5000000001164153, 2.0000000447034836], [0, -1.9999999997671694]])
    rep = json.loads(run("neighbours", _npy(tmp_path, W), "--id", "1", "--format", "json").stdout)
    (five,) = [e for e in rep["tieable"] if e["id"] == 5]
    assert five["storage_tie"] and 0 < five["margin"] < 1e-15
    out = " ".join(run("neighbours", _npy(tmp_path, W), "--id", "1").stdout.split())
    assert "(float tie)" in out and "1 tie-able neighbour(s) marked (float tie)" in out


def test_neighbours_of_an_interior_label_is_none_after_one_argmax_check(tmp_path: Path) -> None:
    W = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, -1.0], [0.0, 0.0], [0.2, 0.1]], dtype=np.float32)
    r = run("neighbours", _npy(tmp_path, W), "--id", "3", "--format", "json")
    assert r.exit_code == 0, r.stderr
    rep = json.loads(r.stdout)
    s = rep["tieable_search"]
    assert rep["tieable"] == [] and s["label_argmaxable"] == "no" and s["candidates_checked"] == 0
    text = run("neighbours", _npy(tmp_path, W), "--id", "3").stdout
    assert "no label can share the top" in text and "exhaustive" not in text


def test_neighbours_says_complete_only_when_every_label_was_decided(tmp_path: Path) -> None:
    W = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, -1.0], [0.0, 0.0], [0.2, 0.1]], dtype=np.float32)
    rep = _json("neighbours", _npy(tmp_path, W), "--id", "0", "--k", "10")
    assert rep["tieable_search"]["complete"] and {e["id"] for e in rep["tieable"]} == {1, 2}
    text = run("neighbours", _npy(tmp_path, W), "--id", "0").stdout
    assert "the list is complete" in text and "not an exhaustive" not in text


def test_neighbours_interrupted_in_the_search_writes_what_it_has_and_exits_130(monkeypatch, tmp_path) -> None:
    from cosaudit.core.geometry import batch

    real, calls = batch._tie_cheap_only, {"n": 0}

    def flaky(*a, **k):
        calls["n"] += 1
        if calls["n"] > 5:
            raise KeyboardInterrupt
        return real(*a, **k)

    monkeypatch.setattr(batch, "_tie_cheap_only", flaky)
    r = run("neighbours", DEMO, "--label", "dog", "--format", "json")
    assert r.exit_code == 130, r.stderr
    rep = json.loads(r.stdout)
    s, share = rep["tieable_search"], rep["tieable_share"]
    assert s["interrupted"] and not s["complete"] and s["candidates_checked"] == 5 and s["label_argmaxable"] == "yes"
    # the share of the vocabulary is not known when not every label was decided
    assert share["exhaustive"] is False and share["tieable"] is None and "interrupted" in share["why"]
    assert "interrupted" in r.stderr
    text = run("neighbours", DEMO, "--label", "dog")
    assert text.exit_code == 130 and "Interrupted: " in text.stdout and "the list is complete" not in text.stdout


def test_neighbours_names_each_stage_in_its_progress() -> None:
    import contextlib

    from cosaudit import api

    class Seen(api.Feedback):
        def __init__(self) -> None:
            self.bars: list[tuple[str, int]] = []

        def progress(self, description, total):
            self.bars.append((description, total))
            return contextlib.nullcontext(lambda n: None)

    fb = Seen()
    report = api.neighbours(DEMO, "dog", feedback=fb)
    assert not report.interrupted
    names = [d for d, _ in fb.bars]
    assert names[0] == "tie-able neighbours: is the label ever on top? (one argmax check)"
    assert "tie-able neighbours: witness search" in names and len(names) == len(set(names))


def test_patterns_lists_slivers_apart(tmp_path: Path) -> None:
    W = np.array([[1, 0], [0, 1], [-1, 0], [0, -1]], dtype=np.float64)
    W[0, 1] += 1e-12  # a square, rounded: slivers of relative width ~1e-12
    rep = _json("patterns", _npy(tmp_path, W), "--ids", "0", "1", "2", "3")
    assert rep["count"] == 8 and rep["tolerance"] >= 1e-7
    assert not {tuple(p) for p in rep["within_tolerance"]} & {tuple(p) for p in rep["patterns"]}
