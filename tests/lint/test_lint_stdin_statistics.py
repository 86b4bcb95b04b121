"""`cosaudit check -` / `--stdin-filename` (standard input, as editors and `git show` pipe it) and
`--statistics` (findings per rule, for a repository choosing how to adopt the gate)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

import cosaudit
from cosaudit.cli import cli
from cosaudit.errors import UsageError

ERROR_CODE = (
    "import torch.nn.functional as F\nW = model.lm_head.weight\n"
    "s = F.cosine_similarity(W[1], W[2], dim=0)\n"
)
CLAIM = "The unembeddings of dog and cat have cosine 0.9, so the model treats them alike.\n"
CLEAN = "import torch\nlogits = hidden @ model.lm_head.weight.T\n"


def run(args: list[str], cwd: Path, stdin: bytes | None = None) -> tuple[int, str, str]:
    old = os.getcwd()
    os.chdir(cwd)
    try:
        r = CliRunner().invoke(cli, args, input=stdin)
    finally:
        os.chdir(old)
    return r.exit_code, r.stdout, r.stderr


def _notebook(source: str) -> bytes:
    cell = {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": source}
    nb = {"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    return json.dumps(nb).encode()


def test_dash_checks_standard_input_as_python(tmp_path: Path) -> None:
    code, out, err = run(["check", "-", "--format", "concise"], tmp_path, ERROR_CODE.encode())
    assert code == 1 and out.startswith("stdin.py:3:5: COS101 [error]")
    assert "in 1 file(s)" in err
    code, out, _ = run(["check", "-"], tmp_path, CLEAN.encode())
    assert code == 0 and out == ""


@pytest.mark.parametrize(
    ("name", "data", "code"),
    [
        ("notes.md", CLAIM.encode(), "COS201"),
        ("paper.tex", CLAIM.encode(), "COS201"),
        ("analysis.ipynb", _notebook(ERROR_CODE), "COS101"),
    ],
)
def test_stdin_filename_picks_the_reader(tmp_path: Path, name: str, data: bytes, code: str) -> None:
    status, out, _ = run(["check", "--stdin-filename", name, "--format", "json"], tmp_path, data)
    found = json.loads(out)["findings"]
    assert status == 1 and {f["path"] for f in found} == {name} and code in {f["code"] for f in found}


def test_stdin_filename_applies_the_configuration_of_its_folder(tmp_path: Path) -> None:
    sub = tmp_path / "analysis"
    sub.mkdir()
    (sub / "pyproject.toml").write_text('[tool.cosaudit.check]\nignore = ["COS101"]\n')
    code, out, _ = run(["check", "--stdin-filename", "analysis/cosines.py"], tmp_path, ERROR_CODE.encode())
    assert code == 0 and "COS101" not in out
    code, out, _ = run(["check", "--stdin-filename", "cosines.py"], tmp_path, ERROR_CODE.encode())
    assert code == 1 and out.startswith("cosines.py:3:5: COS101")


def test_stdin_with_a_baseline_reports_only_new_findings(tmp_path: Path) -> None:
    (tmp_path / "cosines.py").write_text(ERROR_CODE)
    assert run(["check", "cosines.py", "--write-baseline", "base.json"], tmp_path)[0] == 0
    code, out, err = run(["check", "--stdin-filename", "cosines.py", "--baseline", "base.json"], tmp_path,
                         ERROR_CODE.encode())
    assert code == 0 and out == "" and "baseline" in err
    changed = ERROR_CODE + "t = F.cosine_similarity(W[3], W[4], dim=0)\n"
    code, out, _ = run(["check", "--stdin-filename", "cosines.py", "--baseline", "base.json"], tmp_path,
                       changed.encode())
    assert code == 1 and out.startswith("cosines.py:4:5: COS101")


@pytest.mark.parametrize(
    ("args", "data", "said"),
    [
        (["-"], b"\x00\x01\x02", "stdin.py: binary file"),
        (["--stdin-filename", "notes.md"], b"\xff\xfe caf\xe9", "notes.md: not valid UTF-8"),
        (["--stdin-filename", "notes.txt"], CLAIM.encode(), "notes.txt: not a file type cosaudit checks"),
        (["--stdin-filename", "a.ipynb"], b'{"cells": 3', "a.ipynb: malformed notebook"),
        (["-", "other.py"], ERROR_CODE.encode(), "`-` (standard input) is checked alone"),
        (["--stdin-filename", "a.py", "other.py"], ERROR_CODE.encode(), "--stdin-filename names standard input"),
        (["-", "--add-suppressions", "reviewed"], ERROR_CODE.encode(), "not on standard input"),
        (["-", "--write-baseline", "base.json"], ERROR_CODE.encode(), "not on standard input"),
    ],
)
def test_bad_standard_input_is_one_line_and_exit_2(tmp_path: Path, args: list[str], data: bytes, said: str) -> None:
    (tmp_path / "other.py").write_text(CLEAN)
    code, out, err = run(["check", *args], tmp_path, data)
    assert code == 2 and out == "" and err.count("\n") == 1 and said in err and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.py"]  # nothing written
    assert (tmp_path / "other.py").read_text() == CLEAN


def test_the_python_api_checks_text(tmp_path: Path) -> None:
    report = cosaudit.check(text=ERROR_CODE)
    assert [(f.path, f.code) for f in report.result.findings if f.code == "COS101"] == [("snippet.py", "COS101")]
    report = cosaudit.check(text=CLAIM, filename="notes.md")
    assert [f.code for f in report.result.findings] == ["COS201"]
    with pytest.raises(UsageError, match="paths= or text="):
        cosaudit.check([str(tmp_path)], text=CLEAN)
    with pytest.raises(UsageError, match="filename= names the text="):
        cosaudit.check(filename="notes.md")


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    (tmp_path / "a.py").write_text(ERROR_CODE + "t = F.cosine_similarity(W[3], W[4], dim=0)\n")
    (tmp_path / "b.py").write_text(ERROR_CODE)
    (tmp_path / "notes.md").write_text(CLAIM)
    return tmp_path


def test_statistics_count_findings_and_files_per_rule_most_first(repo: Path) -> None:
    code, out, err = run(["check", "--statistics"], repo)
    rows = [line.split() for line in out.splitlines()]
    assert code == 1 and rows == [
        ["3", "COS101", "label-representation-cosine", "error", "in", "2", "file(s)"],
        ["1", "COS201", "label-cosine-probability-claim", "error", "in", "1", "file(s)"],
    ]
    assert "info not shown (--show-info)" in err  # COS301 on the two Python files
    _, out, _ = run(["check", "--statistics", "--show-info"], repo)
    assert ["2", "COS301"] in [line.split()[:2] for line in out.splitlines()]


def test_statistics_as_json_keep_every_severity(repo: Path) -> None:
    code, out, _ = run(["check", "--statistics", "--format", "json"], repo)
    rows = json.loads(out)
    assert code == 1 and rows[0] == {
        "code": "COS101", "name": "label-representation-cosine", "severity": "error", "findings": 3, "files": 2
    }
    assert {r["code"] for r in rows} == {"COS101", "COS201", "COS301"}


def test_statistics_of_a_clean_tree_print_nothing(tmp_path: Path) -> None:
    (tmp_path / "clean.py").write_text(CLEAN)
    assert run(["check", "--statistics"], tmp_path)[:2] == (0, "")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--format", "sarif"], "--statistics prints a table or a JSON list, not sarif"),
        (["--format", "github"], "not github"),
        (["--write-baseline", "base.json"], "--statistics reports"),
        (["--add-suppressions", "reviewed"], "--statistics reports"),
    ],
)
def test_statistics_refuse_formats_and_writers(repo: Path, args: list[str], said: str) -> None:
    before = {p.name: p.read_text() for p in repo.iterdir()}
    code, out, err = run(["check", "--statistics", *args], repo)
    assert code == 2 and out == "" and err.count("\n") == 1 and said in err
    assert {p.name: p.read_text() for p in repo.iterdir()} == before


def test_concise_summary_says_info_is_hidden(repo: Path) -> None:
    _, _, err = run(["check", "b.py", "--format", "concise"], repo)
    assert "1 info not shown (--show-info)" in err


def test_the_report_counts_findings_per_rule_in_python(repo: Path) -> None:
    counts = cosaudit.check([str(repo)]).statistics()
    assert [(c.code, c.severity, c.findings, c.files) for c in counts] == [
        ("COS101", "error", 3, 2), ("COS301", "info", 2, 2), ("COS201", "error", 1, 1)
    ]
