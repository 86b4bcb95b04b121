"""`--labels dog cat horse` / `--ids 3 17`: several values as written, up to the next option."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ckptkit import assert_one_line_error, run_cli

from cosaudit.cli._options import expand_multi_value

NAMES = {"--labels", "--ids"}
INTS = frozenset({"--ids"})


@pytest.mark.parametrize(
    "args, expected",
    [
        (
            ["--labels", "a", "b", "--ids", "1", "2"],
            ["--labels", "a", "--labels", "b", "--ids", "1", "--ids", "2"],
        ),
        (["--labels=a", "b"], ["--labels", "a", "--labels", "b"]),
        (["--labels=a"], ["--labels", "a"]),
        (["ckpt", "--labels", "a", "b"], ["ckpt", "--labels", "a", "--labels", "b"]),
        (["--labels", "a", "b", "--", "ckpt"], ["--labels", "a", "--labels", "b", "--", "ckpt"]),
        (["--", "--labels", "a", "b"], ["--", "--labels", "a", "b"]),
        (["--labels", "a", "-f", "json", "x"], ["--labels", "a", "-f", "json", "x"]),
        (["--labels", "a", "--format=json"], ["--labels", "a", "--format=json"]),
        (["--labels", "-", "-1", "+"], ["--labels", "-", "--labels", "-1", "--labels", "+"]),
        (["--labels", "red fox", "a b"], ["--labels", "red fox", "--labels", "a b"]),
        (["--labels"], ["--labels"]),  # click reports the missing value
        (["--labels", "--ids", "3"], ["--labels", "--ids", "3"]),
        (["--labels", "a", "--labels", "b"], ["--labels", "a", "--labels", "b"]),
        (["--tensor", "a", "b"], ["--tensor", "a", "b"]),  # other options are left alone
        (["--labelsx", "a", "b"], ["--labelsx", "a", "b"]),
    ],
)
def test_expand_multi_value(args: list[str], expected: list[str]) -> None:
    assert expand_multi_value(args, NAMES, INTS) == expected


@pytest.mark.parametrize(
    "args, expected",
    [
        (
            ["--ids", "3", "17", "ckpt"],
            ["--ids", "3", "--ids", "17", "ckpt"],
        ),  # values then positional
        (["--ids", "-1", "2"], ["--ids", "-1", "--ids", "2"]),
        (["--ids", "x", "2"], ["--ids", "x", "--ids", "2"]),  # a first non-integer goes to click
        (
            ["--labels", "3", "ckpt"],
            ["--labels", "3", "--labels", "ckpt"],
        ),  # labels are any strings
    ],
)
def test_integer_values_stop_at_a_non_integer(args: list[str], expected: list[str]) -> None:
    assert expand_multi_value(args, NAMES, INTS) == expected


def test_without_int_names_every_value_is_taken() -> None:
    assert expand_multi_value(["--ids", "3", "ckpt"], NAMES) == ["--ids", "3", "--ids", "ckpt"]


def _labels(r) -> list[tuple[str, int]]:  # type: ignore[no-untyped-def]
    assert r.exit_code == 0, r.stderr
    return [(lab["label"], lab["id"]) for lab in json.loads(r.stdout)["labels"]]


def test_cli_labels_then_ids(fixtures_dir: Path) -> None:
    r = run_cli(
        [
            "inspect",
            fixtures_dir / "demo-lm",
            "--labels",
            "dog",
            "cat",
            "horse",
            "--ids",
            "3",
            "17",
            "--format",
            "json",
        ]
    )
    got = _labels(r)
    assert [g[0] for g in got[:3]] == ["dog", "cat", "horse"] and [g[1] for g in got[3:]] == [3, 17]


def test_cli_positional_after_values(fixtures_dir: Path) -> None:
    demo = fixtures_dir / "demo-lm"
    a = _labels(run_cli(["inspect", "-f", "json", "--labels", "dog", "cat", "--", demo]))
    b = _labels(run_cli(["inspect", "--labels=dog", "cat", "--format", "json", demo]))
    c = _labels(run_cli(["inspect", "--ids", "3", "17", demo, "--format", "json"]))
    assert a == b and [i for _, i in c] == [3, 17]


def test_cli_positional_swallowed_by_labels_is_a_clear_error(
    fixtures_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Values run up to the next option (design §2): a path after --labels is a label."""
    monkeypatch.chdir(tmp_path)
    r = run_cli(["inspect", "--labels", "dog", "cat", "not-a-word-here"])
    assert (
        r.exit_code == 2 and "not-a-word-here" in r.stderr and "not in the vocabulary" in r.stderr
    )
    assert "Traceback" not in r.stderr


def test_cli_missing_value(fixtures_dir: Path) -> None:
    r = run_cli(["inspect", fixtures_dir / "demo-lm", "--labels"])
    assert r.exit_code == 2 and "--labels" in r.stderr and "Traceback" not in r.stderr


def test_cli_label_with_space_and_id2label(fixtures_dir: Path) -> None:
    got = _labels(
        run_cli(
            [
                "inspect",
                fixtures_dir / "image-classifier",
                "--labels",
                "red fox",
                "grey wolf",
                "-f",
                "json",
            ]
        )
    )
    assert got == [("red fox", 6), ("grey wolf", 7)]


def test_cli_format_from_env(fixtures_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COSAUDIT_FORMAT", "json")
    r = run_cli(["inspect", fixtures_dir / "demo-lm", "--ids", "1", "2"])
    assert r.exit_code == 0 and json.loads(r.stdout)["schema"] == "cosaudit.inspect/1"
    r = run_cli(["inspect", fixtures_dir / "demo-lm", "--ids", "1", "2", "--format", "md"])
    assert r.stdout.startswith("# ")
    assert_one_line_error(
        run_cli(["inspect", fixtures_dir / "demo-lm", "--ids", "1", "999"]), "out of range"
    )
