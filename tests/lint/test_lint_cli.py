"""`cosaudit check` / `cosaudit rules` through the CLI: exit-code matrix, streams, formats."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from cosaudit.cli import cli
from cosaudit.lint.model import CheckResult
from cosaudit.lint.registry import all_rules
from cosaudit.report.lint import OutputFormat, render

ERROR_CODE = (
    "import torch.nn.functional as F\nW = model.lm_head.weight\n"
    "s = F.cosine_similarity(W[1], W[2], dim=0)\n"
)
WARNING_ONLY = "Results\n\nThe nearest tokens to king in unembedding space are queen and prince.\n"
CLEAN = "import torch\nlogits = hidden @ model.lm_head.weight.T\n"


def run(args: list[str], cwd: Path) -> tuple[int, str, str]:
    runner = CliRunner()
    old = os.getcwd()
    os.chdir(cwd)
    try:
        r = runner.invoke(cli, args)
    finally:
        os.chdir(old)
    return r.exit_code, r.stdout, r.stderr


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    (tmp_path / "err.py").write_text(ERROR_CODE)
    (tmp_path / "warn.md").write_text(WARNING_ONLY)
    (tmp_path / "clean.py").write_text(CLEAN)
    return tmp_path


@pytest.mark.parametrize(
    ("target", "extra", "code"),
    [
        ("clean.py", [], 0),
        ("clean.py", ["--exit-zero"], 0),
        ("err.py", [], 1),
        ("err.py", ["--exit-zero"], 0),
        ("err.py", ["--fail-on", "warning"], 1),
        ("warn.md", [], 0),  # a warning is below the default fail-on=error
        ("warn.md", ["--fail-on", "warning"], 1),
        ("warn.md", ["--fail-on", "warning", "--exit-zero"], 0),
        ("warn.md", ["--fail-on", "info"], 1),
        ("err.py", ["--select", "COS2"], 0),  # the code rule is not selected
        ("err.py", ["--ignore", "COS101"], 0),
        ("err.py", ["--select", "COS1", "--ignore", "COS10"], 0),
        ("err.py", ["--ignore", "COS1", "--select", "COS101"], 1),  # more specific select wins
        ("err.py", ["--select", "COS9"], 2),  # unknown rule code
        ("err.py", ["--select", "COS9", "--exit-zero"], 2),  # --exit-zero changes only the 1
        ("missing.py", [], 2),
        ("missing.py", ["--exit-zero"], 2),
        ("err.py", ["--config", "nope.toml"], 2),
        ("err.py", ["--format", "xml"], 2),
    ],
)
def test_exit_code_matrix(repo: Path, target: str, extra: list[str], code: int) -> None:
    exit_code, out, err = run(["check", target, *extra], repo)
    assert exit_code == code, (out, err)
    if code == 2:
        assert out == ""
        assert err.strip() != ""


def test_bad_config_exits_2_naming_the_key(repo: Path) -> None:
    (repo / "pyproject.toml").write_text("[tool.cosaudit.check]\nselectt = ['COS1']\n")
    code, out, err = run(["check", "err.py", "--exit-zero"], repo)
    assert code == 2 and out == ""
    assert "selectt" in err and err.count("\n") == 1


def test_stdout_is_only_the_report(repo: Path) -> None:
    code, out, err = run(["check", ".", "--format", "json"], repo)
    assert code == 1
    data = json.loads(out)
    assert data["schema"] == "cosaudit.check/1"
    f = data["findings"][0]
    assert set(f) >= {"code", "severity", "path", "line", "column", "cell", "message"}
    assert "finding(s)" in err and "finding(s)" not in out


def test_text_format_is_plain_off_terminal(repo: Path) -> None:
    code, out, _ = run(["check", "err.py"], repo)
    assert code == 1
    assert "\x1b[" not in out
    assert out.startswith("err.py:3:5: COS101 [error] cosine between label representations")


def test_info_findings_are_shown_only_when_asked_in_text(repo: Path) -> None:
    code, out, err = run(["check", "err.py"], repo)
    assert "COS301" not in out and "1 info not shown (--show-info)" in err
    code, out, err = run(["check", "err.py", "--show-info"], repo)
    assert out.startswith("err.py:1:1: COS301 [info]") and "not shown" not in err
    code, out, _ = run(["check", "err.py", "--format", "json"], repo)
    assert "COS301" in {f["code"] for f in json.loads(out)["findings"]}


def test_output_file_written_and_not_overwritten(repo: Path) -> None:
    code, out, err = run(["check", "err.py", "--format", "sarif", "--output", "out.sarif"], repo)
    assert code == 1 and out == ""
    assert json.loads((repo / "out.sarif").read_text())["version"] == "2.1.0"
    code, out, err = run(["check", "err.py", "--output", "out.sarif"], repo)
    assert code == 2 and out == "" and "out.sarif" in err


def test_github_format(repo: Path) -> None:
    code, out, _ = run(["check", "err.py", "warn.md", "--format", "github", "--show-info"], repo)
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith(
        "::notice file=err.py,line=1,col=1,title=COS301 missing-translation-caveat::"
    )
    assert lines[1].startswith(
        "::error file=err.py,line=3,col=5,title=COS101 label-representation-cosine::"
    )
    assert any(line.startswith("::warning file=warn.md,line=3,col=1,") for line in lines)


def test_concise_format_says_what_was_seen_and_names_the_rules_once(repo: Path) -> None:
    code, out, err = run(["check", "err.py", "warn.md", "--format", "concise"], repo)
    assert code == 1 and "finding(s)" in err
    lines = out.splitlines()
    assert lines[0] == "err.py:3:5: COS101 [error] cosine between label representations of `model.lm_head.weight` " \
        "(cosine_similarity)"
    assert lines[1].startswith("warn.md:3:1: COS202 [warning] prose reports label-representation geometry")
    assert not any("Instead," in line or "translation" in line for line in lines)
    assert lines[-1] == "why and what to do instead: cosaudit rules COS101 COS202" and len(lines) == 3
    _, full, _ = run(["check", "err.py", "warn.md"], repo)
    assert full.splitlines()[0].startswith(lines[0] + ": the rows of a softmax head")


def test_concise_format_from_the_env_and_with_no_finding(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COSAUDIT_FORMAT", "concise")
    code, out, _ = run(["check", "err.py"], repo)
    assert code == 1 and out.endswith("why and what to do instead: cosaudit rules COS101\n")
    code, out, _ = run(["check", "clean.py"], repo)
    assert code == 0 and out == ""
    code, out, err = run(["rules"], repo)
    assert code == 0 and "COSAUDIT_FORMAT=concise is not a format of" in err


def test_format_env_default(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COSAUDIT_FORMAT", "json")
    code, out, _ = run(["check", "err.py"], repo)
    assert json.loads(out)["schema"] == "cosaudit.check/1"


@pytest.mark.parametrize("args", [["check", "err.py"], ["rules"]])
def test_a_format_env_value_the_command_does_not_take_is_ignored_with_a_note(
    repo: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    monkeypatch.setenv("COSAUDIT_FORMAT", "html")
    code, out, err = run(args, repo)
    assert code in (0, 1) and out and not out.startswith("{")
    assert "COSAUDIT_FORMAT=html is not a format of" in err and "--format" not in err


def test_a_typed_format_beats_the_env_and_bad_typed_values_name_the_option(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COSAUDIT_FORMAT", "json")
    code, out, _ = run(["check", "err.py", "--format", "text"], repo)
    assert code == 1 and "COS101" in out and not out.startswith("{")
    code, _, err = run(["check", "err.py", "--format", "html"], repo)
    assert code == 2 and "--format" in err and "html" in err


def test_rules_format_md_and_its_hidden_alias(repo: Path) -> None:
    code, md, _ = run(["rules", "--format", "md"], repo)
    assert code == 0 and md.startswith("# cosaudit check")
    code, alias, _ = run(["rules", "--format", "markdown"], repo)
    assert code == 0 and alias == md
    _, help_text, _ = run(["rules", "--help"], repo)
    assert "md" in help_text and "markdown" not in help_text.split("--format", 1)[1].split("\n")[0]


def test_format_choice_is_exhaustive() -> None:
    result = CheckResult()
    for fmt in OutputFormat:
        assert isinstance(render(result, all_rules(), fmt), str)


def test_directory_default_is_cwd(repo: Path) -> None:
    code, out, _ = run(["check"], repo)
    assert code == 1 and "err.py" in out


def test_rules_list_and_explain(repo: Path) -> None:
    code, out, _ = run(["rules"], repo)
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == [r.code for r in all_rules()]
    code, out, _ = run(["rules", "cos101"], repo)
    assert code == 0 and "label-representation-cosine" in out and "Use instead" in out
    code, out, err = run(["rules", "COS999"], repo)
    assert code == 2 and out == "" and "COS999" in err
    code, out, _ = run(["rules", "COS101", "cos203"], repo)
    assert code == 0 and out.startswith("COS101 label-representation-cosine") and "\nCOS203 label-cosine-formula" in out
    code, out, err = run(["rules", "COS101", "COS999"], repo)
    assert code == 2 and out == "" and "COS999" in err
    code, out, _ = run(["rules", "--format", "json"], repo)
    assert json.loads(out)["schema"] == "cosaudit.rules/1"


def test_this_repository_is_clean(monkeypatch: pytest.MonkeyPatch) -> None:
    """`cosaudit check .` on cosaudit itself: no finding of any severity that the text shows (the
    gate the project asks of its users, applied to its own code, docs and notebooks)."""
    repo = Path(__file__).resolve().parents[2]
    monkeypatch.chdir(repo)
    r = CliRunner().invoke(cli, ["check", ".", "--format", "json"])
    assert r.exit_code == 0, r.stderr
    shown = [f for f in json.loads(r.stdout)["findings"] if f["severity"] != "info"]
    assert shown == [], shown
