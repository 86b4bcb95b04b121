"""Exceptions → one stderr line and exit code 2; tracebacks only with --debug / COSAUDIT_DEBUG."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest
from ckptkit import assert_one_line_error, run_cli

from cosaudit import errors as E
from cosaudit.cli._errors import exit_code_for, format_error

ERROR_TYPES = [
    E.UsageError,
    E.InputError,
    E.CheckpointNotFoundError,
    E.CheckpointFormatError,
    E.UnsafeFormatError,
    E.HeadNotFoundError,
    E.LabelError,
    E.DataError,
    E.UnsupportedSymmetryError,
    E.HubError,
    E.OutputError,
    E.ConfigError,
    E.MissingExtraError,
]


@pytest.mark.parametrize("cls", ERROR_TYPES)
def test_every_error_type_is_one_line_with_hint(cls: type[E.CosauditError]) -> None:
    exc = cls(
        "cannot use model.safetensors:\n  it is broken.", hint="re-download it", where="/data/m"
    )
    line = format_error(exc)
    assert line == "error: cannot use model.safetensors: it is broken (/data/m); re-download it"
    assert exit_code_for(exc) == 2 and isinstance(exc, E.CosauditError)


def test_error_without_hint_or_where() -> None:
    assert (
        format_error(E.LabelError("label 'x' is not in the vocabulary"))
        == "error: label 'x' is not in the vocabulary"
    )


def test_disk_full() -> None:
    line = format_error(OSError(errno.ENOSPC, "No space left on device", "/out/report.json"))
    assert line == (
        "error: No space left on device (/out/report.json); free some space or write somewhere else"
    )
    assert exit_code_for(OSError(errno.ENOSPC, "x")) == 2


@pytest.mark.parametrize("code", [errno.EACCES, errno.EPERM, errno.EROFS])
def test_permission_errors(code: int) -> None:
    line = format_error(PermissionError(code, "Permission denied", "/etc/x"))
    assert line.startswith("error: Permission denied (/etc/x)") and "check the permissions" in line


def test_other_os_error_and_memory() -> None:
    assert (
        format_error(FileNotFoundError(errno.ENOENT, "No such file or directory", "a.txt"))
        == "error: No such file or directory (a.txt)"
    )
    assert "out of memory" in format_error(MemoryError())


def test_unknown_exception_is_an_internal_error_line() -> None:
    line = format_error(ValueError("shapes (3,) and (4,)\nnot aligned"))
    assert line.startswith("error: internal error: ValueError: shapes (3,) and (4,) not aligned")
    assert "--debug" in line and "\n" not in line and exit_code_for(ValueError()) == 2


# --- through the CLI ----------------------------------------------------------------------------


def _boom(*_args: object, **_kw: object) -> None:
    raise RuntimeError("something nobody expected")


def test_cli_internal_error_one_line(monkeypatch: pytest.MonkeyPatch, fixtures_dir: Path) -> None:
    monkeypatch.setattr("cosaudit.load.open_head", _boom)
    r = run_cli(["inspect", fixtures_dir / "demo-lm"])
    assert_one_line_error(r, "internal error: RuntimeError: something nobody expected", "--debug")


@pytest.mark.parametrize("how", ["flag", "env"])
def test_debug_prints_the_traceback(
    monkeypatch: pytest.MonkeyPatch, fixtures_dir: Path, how: str
) -> None:
    monkeypatch.setattr("cosaudit.load.open_head", _boom)
    if how == "env":
        monkeypatch.setenv("COSAUDIT_DEBUG", "1")
        r = run_cli(["inspect", fixtures_dir / "demo-lm"])
    else:
        r = run_cli(["--debug", "inspect", fixtures_dir / "demo-lm"])
    assert r.exit_code == 2
    assert "Traceback (most recent call last)" in r.stderr and "_boom" in r.stderr
    assert r.stderr.strip().splitlines()[-1].startswith("error: internal error: RuntimeError")


def test_debug_zero_means_off(monkeypatch: pytest.MonkeyPatch, fixtures_dir: Path) -> None:
    monkeypatch.setattr("cosaudit.load.open_head", _boom)
    monkeypatch.setenv("COSAUDIT_DEBUG", "0")
    assert_one_line_error(run_cli(["inspect", fixtures_dir / "demo-lm"]), "internal error")


def test_cosaudit_error_with_debug_has_traceback_too(tmp_path: Path) -> None:
    r = run_cli(["--debug", "inspect", tmp_path / "missing.safetensors"])
    assert r.exit_code == 2 and "Traceback" in r.stderr and "CheckpointNotFoundError" in r.stderr
    assert r.stderr.strip().splitlines()[-1].startswith("error: no such file or folder")


def test_cli_disk_full_while_writing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fixtures_dir: Path
) -> None:
    def full(*_a: object, **_k: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(tmp_path / "r.json"))

    monkeypatch.setattr("cosaudit.cli._output.write_text_atomic", full)
    r = run_cli(["inspect", fixtures_dir / "demo-lm", "-f", "json", "-o", tmp_path / "r.json"])
    assert_one_line_error(r, "No space left on device", "free some space")
    assert not (tmp_path / "r.json").exists()


def test_unwritable_output_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fixtures_dir: Path
) -> None:
    """(Tests may run as root, where chmod is not enforced: the access check is simulated.)"""
    import cosaudit.load.atomic as atomic

    real = atomic.os.access
    monkeypatch.setattr(
        atomic.os,
        "access",
        lambda p, mode: False if Path(p) == tmp_path and mode == atomic.os.W_OK else real(p, mode),
    )
    r = run_cli(["inspect", fixtures_dir / "demo-lm", "-o", tmp_path / "r.txt"])
    assert_one_line_error(r, "not writable", str(tmp_path))
    assert list(tmp_path.iterdir()) == []


def test_usage_errors_from_click_exit_2(fixtures_dir: Path) -> None:
    r = run_cli(["inspect", fixtures_dir / "demo-lm", "--format", "xml"])
    assert r.exit_code == 2 and "Traceback" not in r.stderr and "xml" in r.stderr
    r = run_cli(["inspect", fixtures_dir / "demo-lm", "--ids", "x"])
    assert r.exit_code == 2 and "'x' is not a valid integer" in r.stderr


def test_ctrl_c_in_a_command_exits_130_with_one_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """An interrupt where the command keeps no partial result: "interrupted" and the shell's 130, not
    click's "Aborted!" and exit 1 (which a script cannot tell from a failed check)."""
    from cosaudit import api

    def interrupted(*_args: object, **_kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(api, "check", interrupted)
    (tmp_path / "a.py").write_text("x = 1\n", encoding="utf-8")
    result = run_cli(["check", tmp_path / "a.py"])
    assert (result.exit_code, result.stdout, result.stderr) == (130, "", "interrupted\n")

    from cosaudit.cli import main

    with pytest.raises(SystemExit) as stop:  # the console script's own entry point
        main(["check", str(tmp_path / "a.py")])
    assert stop.value.code == 130
