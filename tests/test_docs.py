"""Docs drift: every command is documented and has help; CI runs the README's test command."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from cosaudit.cli import cli
from cosaudit.cli._app import COMMANDS
from tests.conftest import REPO

README = (REPO / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_has_help_and_is_in_the_readme(name: str) -> None:
    result = CliRunner().invoke(cli, [name, "--help"])
    assert result.exit_code == 0, result.output
    assert "Usage: cosaudit " + name in result.stdout
    assert f"cosaudit {name}" in README, f"README does not show `cosaudit {name}`"


def test_root_help_lists_every_command() -> None:
    result = CliRunner().invoke(cli, ["--help"])
    assert result.exit_code == 0
    for name in COMMANDS:
        assert re.search(rf"^\s+{name}\b", result.stdout, re.M), name


def _setup_commands() -> list[str]:
    section = README.split("## Set-up", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```bash\n(.+?)\n```", section)


def test_readme_has_the_two_setup_commands() -> None:
    cmds = _setup_commands()
    assert len(cmds) == 2
    assert "pip install" in cmds[0] and "cosaudit inspect" in cmds[0]
    assert "pip install" in cmds[1] and "pytest" in cmds[1]


def test_ci_runs_the_readme_test_command() -> None:
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert _setup_commands()[1] in ci
