"""The `cosaudit` command line: a thin click layer over `load`, `core` and `report`.

`main()` is the console script. Errors are mapped to one line on stderr and exit code 2 in the
root group (`_app.LazyGroup.invoke`), so CliRunner tests see exactly what users see.
"""

from __future__ import annotations

import sys

from cosaudit.cli._app import cli

__all__ = ["cli", "main"]


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        cli.main(args=args, prog_name="cosaudit")
    except KeyboardInterrupt:  # pragma: no cover - interactive
        print("interrupted", file=sys.stderr)
        sys.exit(130)
