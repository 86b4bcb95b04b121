"""Adopting the gate in an existing repository, end to end on a copy of a realistic layout:
`--write-baseline` / `--baseline` and `--add-suppressions`."""

from __future__ import annotations

import ast
import json
import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from cosaudit.cli import cli

ANALYSIS = '''"""Label geometry of the classifier.

Classes whose weight vectors have high cosine similarity are the ones the model confuses.
"""
import torch
import torch.nn.functional as F

W = model.lm_head.weight
sim = F.cosine_similarity(W[tok.encode(" dog")[0]], W[tok.encode(" cat")[0]], dim=0)
gram = W @ \\
    W.T
scores = [F.cosine_similarity(W[a], W[b], dim=0).item() for a, b in pairs]  # pairs of labels
'''
REPORT_MD = """---
title: Token geometry
---

# Results

The nearest tokens to king in unembedding space are queen and prince.

```python
G = model.lm_head.weight @ model.lm_head.weight.T
```

$$
s(a, b) = \\cos(\\gamma(a), \\gamma(b))
$$
"""
PAPER_TEX = r"""\section{Analysis}
Because the unembeddings of cat and dog are aligned, the model predicts them together.
"""
API_RST = """API
===

The cosine similarity between the lm_head rows of king and queen is 0.74.
"""


def _notebook() -> str:
    cells = [
        {"cell_type": "markdown", "metadata": {},
         "source": ["# Geometry\n", "\n", "Unembeddings that are aligned are predicted together.\n"]},
        {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": [
            "if IN_COLAB:\n", "    !pip install transformers\n",
            "W = model.lm_head.weight\n",
            "s = F.cosine_similarity(W[1], W[2], dim=0)\n",
            "plt.imshow((W @ W.T).detach())"]},
    ]
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, indent=1) + "\n"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    files = {
        "pyproject.toml": "[project]\nname = 'study'\n\n[tool.cosaudit.check]\nfail-on = \"warning\"\n",
        "README.md": "# Study\n\nRun `python -m study`.\n",
        "src/study/analysis.py": ANALYSIS,
        "src/study/__init__.py": "",
        "notebooks/geometry.ipynb": _notebook(),
        "docs/report.md": REPORT_MD,
        "docs/api.rst": API_RST,
        "paper/main.tex": PAPER_TEX,
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    os.chmod(root / "src/study/analysis.py", 0o640)
    return root


def run(args: list[str], cwd: Path) -> tuple[int, str, str]:
    old = os.getcwd()
    os.chdir(cwd)
    try:
        r = CliRunner().invoke(cli, args)
    finally:
        os.chdir(old)
    return r.exit_code, r.stdout, r.stderr


def _snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def test_the_layout_has_findings_in_every_format(repo: Path) -> None:
    code, out, _ = run(["check", "repo", "--format", "json"], repo.parent)
    paths = {f["path"] for f in json.loads(out)["findings"]}
    assert code == 1
    assert paths == {
        "repo/src/study/analysis.py",
        "repo/notebooks/geometry.ipynb",
        "repo/docs/report.md",
        "repo/docs/api.rst",
        "repo/paper/main.tex",
    }


def test_add_suppressions_silences_every_finding_and_keeps_files_valid(repo: Path) -> None:
    before = _snapshot(repo)
    code, out, err = run(["check", "repo", "--add-suppressions", "predates the gate"], repo.parent)
    assert code == 0 and out == "" and "added suppressions" in err
    code, out, err = run(["check", "repo", "--show-info", "--fail-on", "info"], repo.parent)
    assert code == 0 and out == "", out
    after = _snapshot(repo)
    assert after["README.md"] == before["README.md"] and after["pyproject.toml"] == before["pyproject.toml"]
    analysis = (repo / "src/study/analysis.py").read_text()
    ast.parse(analysis)
    assert stat.S_IMODE((repo / "src/study/analysis.py").stat().st_mode) == 0o640
    assert "# cosaudit: ignore[COS101] predates the gate" in analysis
    assert analysis.startswith("# cosaudit: ignore-file[")  # docstring prose and the continuation
    nb = json.loads((repo / "notebooks/geometry.ipynb").read_text())
    assert any("<!-- cosaudit: ignore[COS201] predates the gate -->" in s for s in nb["cells"][0]["source"])
    assert (repo / "docs/api.rst").read_text().startswith(".. cosaudit: ignore-file[COS202] predates the gate\n\n")
    assert (repo / "docs/report.md").read_text().startswith("---\ntitle: Token geometry\n---\n<!-- cosaudit")
    assert "% cosaudit: ignore[COS201] predates the gate" in (repo / "paper/main.tex").read_text()
    assert not list(repo.rglob("*.tmp"))


def test_add_suppressions_writes_nothing_when_one_file_fails(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cosaudit.lint import fix

    real = fix.with_suppressions
    seen: list[Path] = []

    def flaky(path: Path, text: str, findings, reason: str) -> str:  # type: ignore[no-untyped-def]
        seen.append(path)
        if len(seen) == 3:
            raise OSError("disk full")
        return real(path, text, findings, reason)

    monkeypatch.setattr(fix, "with_suppressions", flaky)
    before = _snapshot(repo)
    code, _, err = run(["check", "repo", "--add-suppressions", "x"], repo.parent)
    assert code == 2 and "disk full" in err and "Traceback" not in err
    assert _snapshot(repo) == before


def test_add_suppressions_needs_a_reason(repo: Path) -> None:
    code, out, err = run(["check", "repo", "--add-suppressions", " "], repo.parent)
    assert code == 2 and out == "" and "reason" in err


def test_baseline_reports_only_new_findings_after_lines_move(repo: Path) -> None:
    code, out, err = run(["check", "repo", "--write-baseline", "repo/.cosaudit-baseline.json"], repo.parent)
    assert code == 0 and out == "" and "baseline" in err
    data = json.loads((repo / ".cosaudit-baseline.json").read_text())
    assert data["schema"] == "cosaudit.baseline/1"
    assert all(not row["path"].startswith(("repo/", "/")) for row in data["findings"])
    analysis = repo / "src/study/analysis.py"
    new_finding = "new = F.cosine_similarity(W[7], W[9], dim=0)\n"
    analysis.write_text("import os\nimport sys\n\n" + analysis.read_text() + new_finding)
    # from inside the repository this time: paths are relative to the baseline file
    code, out, err = run(["check", ".", "--baseline", ".cosaudit-baseline.json"], repo)
    assert code == 1
    reported = [line.split(":")[:3] for line in out.splitlines()]
    assert reported == [["src/study/analysis.py", "16", "7"]], out  # the one new line
    assert "recorded in the baseline" in err


@pytest.mark.parametrize(
    ("content", "words"),
    [(None, "cannot read"), ("{not json", "not valid JSON"), ('{"schema": "other"}', "not a cosaudit baseline")],
)
def test_a_bad_baseline_is_one_line_and_exit_2(repo: Path, content: str | None, words: str) -> None:
    if content is not None:
        (repo / "b.json").write_text(content)
    code, out, err = run(["check", ".", "--baseline", "b.json"], repo)
    assert code == 2 and out == "" and words in err and len(err.strip().splitlines()) <= 2


def test_write_baseline_does_not_overwrite_without_force(repo: Path) -> None:
    (repo / "b.json").write_text("keep")
    code, _, err = run(["check", ".", "--write-baseline", "b.json"], repo)
    assert code == 2 and (repo / "b.json").read_text() == "keep"
    code, _, _ = run(["check", ".", "--write-baseline", "b.json", "--force"], repo)
    assert code == 0 and json.loads((repo / "b.json").read_text())["findings"]
