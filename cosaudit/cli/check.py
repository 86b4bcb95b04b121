"""`cosaudit check`: the CI gate for reports, notebooks and code.

Exit codes: 0 clean; 1 findings at or above --fail-on (default error); 2 usage, config, input or
internal error. --exit-zero turns only the 1 into 0.
"""

from __future__ import annotations

from pathlib import Path

import click

from cosaudit.cli._options import output_options
from cosaudit.cli._output import emit, note, precheck_output, stdout_is_terminal
from cosaudit.lint.config import CheckConfig, Configs, load_config
from cosaudit.lint.engine import check_paths
from cosaudit.lint.model import CheckResult
from cosaudit.lint.registry import all_rules
from cosaudit.report.lint import OutputFormat, render

FORMATS = [f.value for f in OutputFormat]


def summary_line(result: CheckResult) -> str:
    c = result.counts()
    skipped = sum(1 for n in result.notices if n.skipped)
    text = (
        f"{len(result.findings)} finding(s) ({c['error']} error, {c['warning']} warning, "
        f"{c['info']} info) "
        f"in {result.files_scanned} file(s)"
    )
    if skipped:
        text += f"; {skipped} file(s) skipped"
    failing = len(result.failing())
    text += f"; {failing} at or above fail-on={result.fail_on.value}"
    return text


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
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="A pyproject.toml with [tool.cosaudit.check] for every file (default: for each file, the "
    "nearest pyproject.toml with that table at or above it).",
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
) -> None:
    """Flag cosine / dot-product readings of label representations in code, notebooks and prose.

    PATHS are files or directories (default: the current directory). Directories are walked
    honouring .gitignore and the `exclude` setting; .py, .ipynb, .md, .qmd, .rst and .tex files
    are checked. `cosaudit rules` lists the rules.

    Exit codes: 0 clean, 1 findings at or above --fail-on, 2 usage/config/input/internal error.
    """
    precheck_output(output, force)

    def overrides(cfg: CheckConfig) -> CheckConfig:
        return cfg.with_overrides(select=list(select), ignore=list(ignore), fail_on=fail_on)

    overrides(CheckConfig())  # bad --select / --ignore codes: exit 2 before any work
    configs = (
        Configs(overrides(load_config(config_path))) if config_path is not None else Configs(overrides=overrides)
    )
    if not paths:
        paths = (".",)
    result = check_paths(list(paths), configs)
    fmt_enum = OutputFormat(fmt)
    color = fmt_enum is OutputFormat.TEXT and output is None and stdout_is_terminal()
    report = render(result, all_rules(), fmt_enum, color=color)
    for n in result.notices:
        where = f":cell {n.cell}" if n.cell else ""
        note(f"note: {n.path}{where}: {n.message}")
    if report or output is not None:
        emit(report, output, force=force)
    note(summary_line(result))
    if result.failing() and not exit_zero:
        click.get_current_context().exit(1)
