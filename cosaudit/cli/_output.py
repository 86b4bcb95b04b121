"""Where report bytes go: stdout, or `--output` written atomically. The CLI alone decides."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from cosaudit.load.atomic import check_output_path, write_text_atomic


def precheck_output(output: Path | None, force: bool) -> None:
    """Fail before any work when `--output` cannot be written (so nothing is computed in vain)."""
    if output is not None:
        check_output_path(output, force=force)


def refuse_input_as_output(output: Path | None, head: Any) -> None:
    """`--output` must never replace a file of the checkpoint being read (even with --force)."""
    if output is None:
        return
    from cosaudit.errors import OutputError

    target = Path(output).expanduser().resolve()
    files = {Path(head.path).resolve()}
    weight_file = getattr(head.weight, "file", None)
    if head.kind != "hub" and weight_file is not None:
        files.add(Path(weight_file).resolve())
        # a lone weight file reads the config and tokenizer beside it
        side = Path(weight_file).parent
        files |= {(side / n).resolve() for n in ("config.json", "tokenizer.json")}
    if head.root is not None:
        files |= {p.resolve() for p in Path(head.root).iterdir() if p.is_file()}
    if target in files:
        raise OutputError(
            f"refusing to write {output}: it is a file of the input checkpoint",
            hint="choose another output path (inputs are never modified)",
        )


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
