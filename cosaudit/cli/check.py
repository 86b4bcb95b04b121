"""`cosaudit check`: the CI gate for reports, notebooks and code.

Exit codes: 0 clean; 1 findings at or above --fail-on (default error); 2 usage, config, input or
internal error. --exit-zero turns only the 1 into 0.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from cosaudit import api
from cosaudit.cli import _adopt
from cosaudit.cli._options import output_options
from cosaudit.cli._output import emit, note, precheck_output, stdout_is_terminal
from cosaudit.errors import UsageError
from cosaudit.report.lint import STATISTICS_FORMATS, OutputFormat, render, render_statistics
from cosaudit.report.lint.typed import summary_line

FORMATS = [f.value for f in OutputFormat]
_FILE = click.Path(dir_okay=False, path_type=Path)


@click.command("check")
@click.argument("paths", nargs=-1, metavar="[PATHS]...")
@output_options(FORMATS)
@click.option(
    "--select",
    multiple=True,
    metavar="CODES",
    help="Rules to enable: codes or prefixes (COS1, COS201), comma-separated or repeated. "
    "Replaces `select` from the config.",
)
@click.option(
    "--ignore",
    multiple=True,
    metavar="CODES",
    help="Rules to disable: codes or prefixes; added to `ignore` from the config.",
)
@click.option(
    "--fail-on",
    type=click.Choice(["info", "warning", "error"]),
    default=None,
    help="Lowest severity that makes the exit code 1 (default: config `fail-on`, else error).",
)
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings (2 stays 2).")
@click.option(
    "--config",
    "config_path",
    type=_FILE,
    default=None,
    help="A pyproject.toml with [tool.cosaudit.check] for every file (default: for each file, the "
    "nearest pyproject.toml with that table at or above it).",
)
@click.option(
    "--show-info",
    is_flag=True,
    help="Also show info-level findings in the text and github formats (json and sarif always have them).",
)
@click.option(
    "--baseline",
    "baseline_path",
    type=_FILE,
    help="Report only findings not recorded in this baseline file (see --write-baseline).",
)
@click.option(
    "--write-baseline",
    "write_baseline_path",
    type=_FILE,
    help="Record today's findings in this file (rule, file, hash of the line) and exit 0.",
)
@click.option(
    "--stdin-filename",
    metavar="PATH",
    default=None,
    help="Check standard input as a file of this name: its suffix picks the reader, its folder the "
    "configuration (also with `-` as the path; default name stdin.py).",
)
@click.option(
    "--statistics",
    "show_statistics",
    is_flag=True,
    help="Print how many findings each rule has, and in how many files, instead of the findings "
    "(text, concise or json).",
)
@click.option(
    "--add-suppressions",
    "suppress_reason",
    metavar="REASON",
    default=None,
    help="Write `cosaudit: ignore[CODE] REASON` at every finding (atomically) and exit 0.",
)
def check(
    paths: tuple[str, ...],
    fmt: str,
    output: Path | None,
    force: bool,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    fail_on: str | None,
    exit_zero: bool,
    config_path: Path | None,
    show_info: bool,
    baseline_path: Path | None,
    write_baseline_path: Path | None,
    stdin_filename: str | None,
    show_statistics: bool,
    suppress_reason: str | None,
) -> None:
    """Flag cosine / dot-product readings of label representations in code, notebooks and prose.

    PATHS are files or directories (default: the current directory). Directories are walked
    honouring .gitignore and the `exclude` setting; .py, .ipynb, .md, .qmd, .rst and .tex files
    are checked. `cosaudit rules` lists the rules.

    Exit codes: 0 clean, 1 findings at or above --fail-on, 2 usage/config/input/internal error.
    """
    precheck_output(output, force)
    _refuse_bad_adoption(baseline_path, write_baseline_path, suppress_reason, force)
    fmt_enum = OutputFormat(fmt)
    if show_statistics:
        _refuse_bad_statistics(fmt_enum, write_baseline_path, suppress_reason)
    stdin: bytes | None = None
    if _reads_stdin(paths, stdin_filename, write_baseline_path, suppress_reason):
        stdin = sys.stdin.buffer.read()
    name = None if stdin is None else stdin_filename or "stdin.py"
    checked = api.check(None if stdin is not None else list(paths), select=select, ignore=ignore, fail_on=fail_on,
                        config=config_path, baseline=baseline_path, text=stdin, filename=name, feedback=_StderrNotes())
    result = checked.result
    cwd = Path.cwd()
    if write_baseline_path is not None:
        _adopt.write_baseline(result, write_baseline_path, force=force, cwd=cwd)
        return
    if suppress_reason is not None:
        _adopt.add_suppressions(result, suppress_reason.strip(), cwd=cwd)
        return
    color = fmt_enum is OutputFormat.TEXT and output is None and stdout_is_terminal()
    if show_statistics:
        report = render_statistics(result, list(checked.rules), fmt_enum, show_info=show_info)
    else:
        report = render(result, list(checked.rules), fmt_enum, color=color, show_info=show_info)
    for n in result.notices:
        where = f":cell {n.cell}" if n.cell else ""
        note(f"note: {n.path}{where}: {n.message}")
    if report or output is not None:
        emit(report, output, force=force)
    hides_info = fmt_enum in (OutputFormat.TEXT, OutputFormat.CONCISE, OutputFormat.GITHUB)
    note(summary_line(result, shown_info=show_info or not hides_info))
    if result.failing() and not exit_zero:
        click.get_current_context().exit(1)


class _StderrNotes(api.Feedback):
    """The API's notes (e.g. how many findings a baseline hid) on stderr."""

    def note(self, message: str) -> None:
        note(message)


def _refuse_bad_adoption(
    baseline_path: Path | None, write_path: Path | None, reason: str | None, force: bool
) -> None:
    """Usage errors of the adoption options, before any work."""
    if write_path is not None and (baseline_path is not None or reason is not None):
        raise UsageError(
            "--write-baseline records every finding; it does not combine with --baseline or "
            "--add-suppressions",
            hint="run them one after the other",
        )
    if reason is not None and not reason.strip():
        raise UsageError(
            "--add-suppressions needs a reason", hint='e.g. --add-suppressions "reviewed; predates the gate"'
        )
    if write_path is not None:
        precheck_output(write_path, force)


def _refuse_bad_statistics(fmt: OutputFormat, write_path: Path | None, reason: str | None) -> None:
    """Usage errors of --statistics, before any work."""
    if fmt not in STATISTICS_FORMATS:
        names = ", ".join(f.value for f in STATISTICS_FORMATS)
        raise UsageError(
            f"--statistics prints a table or a JSON list, not {fmt.value}", hint=f"use --format {names}"
        )
    if write_path is not None or reason is not None:
        raise UsageError(
            "--statistics reports; --write-baseline and --add-suppressions write files",
            hint="run them one after the other",
        )


def _reads_stdin(
    paths: tuple[str, ...], stdin_filename: str | None, write_path: Path | None, reason: str | None
) -> bool:
    """`-` as the only path, or --stdin-filename with no path: check standard input (as ruff does).
    Usage errors when stdin is mixed with files, or with the options that write beside files."""
    if "-" not in paths and (stdin_filename is None or paths):
        if stdin_filename is not None:
            raise UsageError("--stdin-filename names standard input", hint="pass `-` as the only path, or no path")
        return False
    if paths not in (("-",), ()):
        raise UsageError("`-` (standard input) is checked alone", hint="check the files in another run")
    if write_path is not None or reason is not None:
        raise UsageError(
            "--write-baseline and --add-suppressions work on files, not on standard input",
            hint="run them on the files themselves",
        )
    return True
