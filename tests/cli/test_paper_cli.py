"""`cosaudit paper`: the papers' worked examples, recomputed and compared, and drawn."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from click.testing import CliRunner

from cosaudit.audit import paper as audit_paper
from cosaudit.cli._app import cli

REPO = Path(__file__).resolve().parents[2]
PACKAGED = REPO / "cosaudit" / "data" / "paper-examples.json"
SHARED = REPO.parent / "shared" / "papers" / "paper-examples.json"


_REAL_RUN = audit_paper.run_paper
_CACHE: dict[str, dict] = {}


@pytest.fixture(autouse=True)
def _compute_once(monkeypatch):
    """The CLI tests are about the command; compute each set of examples once (~1 s of LPs)."""

    def cached(examples=None):
        ex = audit_paper.load_examples() if examples is None else examples
        key = json.dumps(ex, sort_keys=True)
        if key not in _CACHE:
            _CACHE[key] = _REAL_RUN(ex)
        return copy.deepcopy(_CACHE[key])

    monkeypatch.setattr(audit_paper, "run_paper", cached)


def run(*args: str):
    return CliRunner().invoke(cli, ["paper", *args])


def _check(report: Any, example: str, quantity: str) -> dict:
    (c,) = [c for c in report.data["checks"] if c["example"] == example and c["quantity"] == quantity]
    return c


@pytest.fixture(scope="module")
def report() -> Any:
    return audit_paper.run_paper()


def test_packaged_copy_is_the_shared_file():
    if not SHARED.exists():
        pytest.skip("the shared papers folder is not beside this checkout")
    assert json.loads(PACKAGED.read_text()) == json.loads(SHARED.read_text())
    assert audit_paper.load_examples() == json.loads(SHARED.read_text())


def test_every_number_agrees(report):
    assert report.data["agree"] is True and report.data["n_failed"] == 0
    assert report.data["n_checks"] >= 35
    for c in report.data["checks"]:
        assert c["agree"], c


def test_numbers_next_to_the_papers_values(report, paper_examples):
    u = paper_examples["unrestricted"]
    c = _check(report, "unrestricted", "cos(w0, w1), minus1_model")
    assert (
        c["computed"] == pytest.approx(-1.0, abs=1e-12)
        and c["paper"] == u["cos_01"]["minus1_model"]
    )
    c = _check(report, "unrestricted", "cos(w0, w1), plus1_model")
    assert c["computed"] == pytest.approx(1.0, abs=1e-12)
    c = _check(report, "unrestricted", "translation c of the −1 model")
    assert c["computed"] == pytest.approx(u["c_minus1"], abs=1e-12)
    assert _check(report, "unrestricted", "argmax label counts")["computed"] == [
        134,
        171,
        219,
        194,
        282,
    ]
    assert _check(report, "unrestricted", "sigmoid sign vectors (model1, −1, +1)")["computed"] == [
        10,
        8,
        8,
    ]
    assert (
        _check(report, "centered", "tie pairs")["computed"]
        == paper_examples["centered"]["tie_pairs"]
    )
    assert _check(report, "centered", "cos(w1, w2)")["computed"] == pytest.approx(
        -0.5881716976750463, abs=1e-12
    )
    cul = _check(report, "centered_unit_length", "tie pairs")
    assert cul["computed"] == [[0, 1], [0, 5], [1, 2], [2, 3], [3, 4], [4, 5]]
    assert _check(report, "centered_unit_length", "number of rankings")["computed"] == 16


def test_models_are_built_not_copied(monkeypatch, paper_examples):
    """Change the papers' −1 model in the JSON: cosaudit's own construction no longer matches it."""
    bad = copy.deepcopy(paper_examples)
    bad["unrestricted"]["W_minus1_model"][0][0] += 0.01
    rep = audit_paper.run_paper(bad)
    assert not rep.agree
    assert [c["quantity"] for c in rep.data["checks"] if not c["agree"]] == ["W of the −1 model"]


def test_text_report_on_stdout():
    r = run()
    assert r.exit_code == 0, r.stderr
    assert "agree with the papers' values" in r.stdout
    assert "NO" not in r.stdout
    for title in ("Unrestricted", "Centered (Sec. 3.2", "Centered, unit length"):
        assert title in r.stdout


def test_json_report_is_stable_and_has_no_private_keys():
    r = run("--format", "json")
    assert r.exit_code == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["schema"] == "cosaudit.paper/1" and data["agree"] is True
    assert not [k for k in data if k.startswith("_")]
    assert r.stdout == run("--format", "json").stdout


def test_output_folder_with_figures_and_summary(tmp_path):
    out = tmp_path / "paper-figures"
    r = run("--output", str(out), "--format", "md")
    assert r.exit_code == 0, r.stderr
    names = sorted(p.name for p in out.iterdir())
    assert names == [
        "fig1-three-models.png",
        "fig2-centered.png",
        "fig3-centered-unit-length.png",
        "summary.md",
    ]
    for name in names[:3]:
        assert (out / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    summary = (out / "summary.md").read_text()
    links = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", summary)
    assert [unquote(x) for x in links] == names[:3]
    assert "| quantity | cosaudit | paper |" in summary
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary left
    assert f"wrote {out}" in r.stderr


def test_existing_output_needs_force(tmp_path):
    out = tmp_path / "figs"
    out.mkdir()
    (out / "keep.txt").write_text("mine")
    r = run("--output", str(out))
    assert r.exit_code == 2
    assert r.stderr.count("\n") == 1 and "already exists" in r.stderr and "--force" in r.stderr
    assert r.stdout == ""
    assert [p.name for p in out.iterdir()] == ["keep.txt"]
    r = run("--output", str(out), "--force")
    assert r.exit_code == 0, r.stderr
    assert "summary.md" in [p.name for p in out.iterdir()] and not (out / "keep.txt").exists()


def test_missing_parent_folder(tmp_path):
    r = run("--output", str(tmp_path / "no" / "such" / "dir"))
    assert r.exit_code == 2
    assert r.stderr.count("\n") == 1 and "does not exist" in r.stderr
    assert not (tmp_path / "no").exists()


def test_disagreement_exits_2_and_writes_nothing(tmp_path, monkeypatch, paper_examples):
    bad = copy.deepcopy(paper_examples)
    bad["centered"]["tie_pairs"] = [[2, 4]]
    monkeypatch.setattr(audit_paper, "load_examples", lambda: bad)
    out = tmp_path / "figs"
    r = run("--output", str(out))
    assert r.exit_code == 2
    assert r.stderr.count("\n") == 1
    assert "disagree with the papers (centered: tie pairs)" in r.stderr
    assert "NO" in r.stdout  # the report still shows both values
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_output_without_matplotlib(tmp_path, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "matplotlib", None)
    r = run("--output", str(tmp_path / "figs"))
    assert r.exit_code == 2
    assert r.stderr.count("\n") == 1 and "pip install 'cosaudit[plot]'" in r.stderr
    assert list(tmp_path.iterdir()) == [] and r.stdout == ""
