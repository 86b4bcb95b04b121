"""Golden text: the first screen of every command's `--help` and the text report of the demo
model, compared byte for byte with the files under tests/golden/.

The terminal is fixed (COLUMNS=100, LINES=24, no colour), so the goldens do not depend on the
machine. After a deliberate change of wording, regenerate them and review the diff:

    COSAUDIT_UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py tests/test_golden_help.py
    git diff tests/golden/
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from roundoff import without_roundoff

from cosaudit.cli import cli
from cosaudit.cli._app import COMMANDS

GOLDEN = Path(__file__).resolve().parent / "golden"
REPO = GOLDEN.parent.parent
SCREEN = 24  # lines: the first screen of a terminal
TERMINAL = {"COLUMNS": "100", "LINES": str(SCREEN), "NO_COLOR": "1", "TERM": "dumb"}


def _compare(name: str, text: str) -> None:
    path = GOLDEN / name
    text = without_roundoff(text)
    if os.environ.get("COSAUDIT_UPDATE_GOLDEN", "") not in ("", "0"):
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"no golden {path}: run COSAUDIT_UPDATE_GOLDEN=1 python -m pytest {__file__}"
    expected = path.read_text(encoding="utf-8")
    assert text == expected, f"{name} differs from its golden (see tests/test_golden.py to regenerate)"


def _run(args: list[str]) -> str:
    r = CliRunner(env=TERMINAL).invoke(cli, args)
    assert r.exit_code == 0, r.output
    return r.stdout


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_help_first_screen(command: str) -> None:
    args = [command, "--help"] if command else ["--help"]
    lines = _run(args).splitlines()[:SCREEN]
    _compare(f"help-{command or 'cosaudit'}.txt", "\n".join(lines) + "\n")


def test_demo_text_report(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)  # the checkpoint is named as typed: fixtures/demo-lm
    _compare("inspect-demo.txt", _run(["inspect", "fixtures/demo-lm", "--labels", "dog", "cat", "horse", "car"]))
