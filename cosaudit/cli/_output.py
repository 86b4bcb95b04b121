"""Where report bytes go: stdout, or `--output` written atomically. The CLI alone decides."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from cosaudit.load.atomic import check_output_path, write_text_atomic


def precheck_output(output: Path | None, force: bool) -> None:
    """Fail before any work when `--output` cannot be written (so nothing is computed in vain)."""
    if output is not None:
        check_output_path(output, force=force)


def emit(text: str, output: Path | None, *, force: bool = False) -> None:
    """Write the report to `output` (atomically) or to stdout."""
    if not text.endswith("\n"):
        text += "\n"
    if output is None:
        click.echo(text, nl=False)
    else:
        write_text_atomic(output, text, force=force)
        note(f"wrote {output}")


def note(message: str) -> None:
    """A progress / info line on stderr (never on stdout, which carries only the report)."""
    click.echo(message, err=True)


def stdout_is_terminal() -> bool:
    return sys.stdout.isatty()
