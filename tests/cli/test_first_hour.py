"""The first hour of a new user (issue 14): usage errors, `--help` summaries, label suggestions,
the default-checkpoint note and the notes about .npy/.npz heads."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from ckptkit import assert_one_line_error, run_cli
from click.testing import CliRunner

from cosaudit.cli import cli
from cosaudit.cli._app import COMMANDS
from cosaudit.cli._usage import SUMMARIES
from cosaudit.load.labels import case_and_prefix_variants

DEFAULT_NOTE = "no CHECKPOINT given: using "

# a bad value for an option of each command (click rejects it before the command runs)
BAD_VALUES = {
    "inspect": ["--top-k", "abc"],
    "flip": ["--symmetry", "rotate"],
    "neighbours": ["--k", "0"],
    "argmax": ["--format", "xml"],
    "patterns": ["--format", "xml"],
    "check": ["--format", "xml"],
    "rules": ["--format", "xml"],
    "paper": ["--format", "xml"],
    "similar": ["--top", "abc"],
}


def test_every_command_has_a_bad_value_case() -> None:
    assert set(BAD_VALUES) == set(COMMANDS) == set(SUMMARIES)


@pytest.mark.parametrize("command", sorted(BAD_VALUES))
def test_bad_option_value_is_one_line_with_the_help_hint(command: str) -> None:
    r = run_cli([command, *BAD_VALUES[command]])
    line = assert_one_line_error(r, f"see 'cosaudit {command} --help'", BAD_VALUES[command][1])
    assert "Usage:" not in r.stderr and "Try " not in r.stderr, line


@pytest.mark.parametrize("command", sorted(BAD_VALUES))
def test_unknown_option_is_one_line(command: str) -> None:
    assert_one_line_error(run_cli([command, "--no-such-option"]), "no such option '--no-such-option'",
                          f"see 'cosaudit {command} --help'")


def test_missing_option_value_names_the_command() -> None:
    # click raises this one without a context: the hint must still name `flip`
    assert_one_line_error(run_cli(["flip", "--labels"]), "'--labels' requires an argument",
                          "see 'cosaudit flip --help'")


def test_close_option_names_are_suggested_in_the_same_line() -> None:
    line = assert_one_line_error(run_cli(["neighbours", "--lable", "dog"]))
    assert "(did you mean one of: '--label'" in line and ". (" not in line


def test_group_level_usage_errors_are_one_line() -> None:
    assert_one_line_error(run_cli(["--bogus"]), "no such option '--bogus'", "see 'cosaudit --help'")
    assert_one_line_error(run_cli(["nope"]), "no such command 'nope'", "see 'cosaudit --help'")


def test_no_arguments_still_show_the_help() -> None:
    r = run_cli([])
    assert "Usage: cosaudit" in r.output and "Commands:" in r.output


# ----------------------------------------------------------------------------- --help summaries


def _commands_section(text: str) -> str:
    return " ".join(text.split("Commands:", 1)[1].split())


@pytest.mark.parametrize("columns", ["50", "80", "200"])
def test_help_lists_every_summary_whole(columns: str) -> None:
    r = CliRunner(env={"COLUMNS": columns}).invoke(cli, ["--help"])
    assert r.exit_code == 0
    section = _commands_section(r.output)
    assert "..." not in section
    for name, summary in SUMMARIES.items():
        assert f"{name} {summary}" in section, (name, section)
    width = int(columns)
    assert max(len(line) for line in r.output.splitlines()) <= max(width, 80)


def test_summaries_are_one_sentence_that_fits_80_columns() -> None:
    longest_name = max(len(n) for n in SUMMARIES)
    for name, summary in SUMMARIES.items():
        assert summary.endswith(".") and summary.count(". ") == 0, name
        assert 2 + longest_name + 2 + len(summary) <= 78, name


# ----------------------------------------------------------------------------- label suggestions


def test_case_and_prefix_variants_come_first() -> None:
    tokens = ["fog", "dog", "Ġdog", "▁dog", " dog", "DOG", "Ġcat", "dogs"]
    assert case_and_prefix_variants("Dog", tokens) == ["dog", "Ġdog", "▁dog", " dog", "DOG"]
    # the same spelling with a marker first, then other cases
    assert case_and_prefix_variants("dog", tokens)[:3] == ["Ġdog", "▁dog", " dog"]


def test_capitalised_label_suggests_its_lower_case_first(fixtures_dir: Path) -> None:
    line = assert_one_line_error(run_cli(["inspect", fixtures_dir / "demo-lm", "--labels", "Dog"]))
    assert line.endswith("closest: 'dog', 'fog'"), line


# ----------------------------------------------------------------------------- the default note

AFTER_PARSING = {
    "inspect": (["--labels", "Dog"], "label 'Dog'"),
    "flip": (["--labels", "dog", "Dog"], "label 'Dog'"),
    "neighbours": (["--label", "dog", "--id", "3"], "exactly one of --label or --id"),
    "argmax": (["--labels", "Dog"], "label 'Dog'"),
    "patterns": (["--labels", "dog", "Dog"], "label 'Dog'"),
}


@pytest.mark.parametrize("command", sorted(AFTER_PARSING))
def test_default_note_comes_first_before_an_error(command: str) -> None:
    args, needle = AFTER_PARSING[command]
    r = run_cli([command, *args])
    lines = r.stderr.strip().splitlines()
    assert r.exit_code == 2 and len(lines) == 2, r.stderr
    assert lines[0].startswith(DEFAULT_NOTE) and "bundled demo model" in lines[0]
    assert lines[1].startswith("error: ") and needle in lines[1]


@pytest.mark.parametrize("command", sorted(AFTER_PARSING))
def test_default_note_once_and_first_on_success(command: str) -> None:
    args = {"neighbours": ["--label", "dog"], "flip": ["--labels", "dog", "cat"],
            "patterns": ["--labels", "dog", "cat"]}.get(command, ["--labels", "dog"])
    r = run_cli([command, *args, "--format", "json"])
    assert r.exit_code == 0, r.stderr
    lines = r.stderr.strip().splitlines()
    assert lines[0].startswith(DEFAULT_NOTE)
    assert sum(line.startswith(DEFAULT_NOTE) for line in lines) == 1


def test_no_default_note_before_click_usage_errors_or_with_a_checkpoint(fixtures_dir: Path) -> None:
    assert_one_line_error(run_cli(["inspect", "--top-k", "x"]), "--top-k")
    r = run_cli(["inspect", fixtures_dir / "demo-lm", "--labels", "Dog"])
    assert DEFAULT_NOTE not in r.stderr


# ----------------------------------------------------------------------------- .npy / .npz notes


def _detection(path: Path, *extra: str) -> list[str]:
    import json

    r = run_cli(["inspect", path, "--ids", "0", "1", "--no-tieable", "--format", "json", *extra])
    assert r.exit_code == 0, r.stderr
    return json.loads(r.stdout)["detection"]  # type: ignore[no-any-return]


def test_numpy_notes_say_how_the_head_was_found(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    np.save(tmp_path / "m.npy", rng.normal(size=(9, 3)).astype(np.float32))
    np.savez(tmp_path / "z.npz", W=rng.normal(size=(9, 3)).astype(np.float32),
             b=rng.normal(size=9).astype(np.float32))
    npy = _detection(tmp_path / "m.npy")
    assert "head tensor 'm': the only array in m.npy" in npy
    npz = _detection(tmp_path / "z.npz")
    assert "head tensor 'W': the only 2-D array in z.npz" in npz
    for notes in (npy, npz):
        assert not any("--tensor" in n for n in notes), notes
    given = _detection(tmp_path / "z.npz", "--tensor", "W")
    assert any(re.search(r"'W' given with --tensor", n) for n in given), given
