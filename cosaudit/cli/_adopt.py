"""Adopting `cosaudit check` in an existing repository: baselines and written suppressions.

The CLI side of `cosaudit.lint.baseline` and `cosaudit.lint.fix`: reads and writes the files
(atomically), and says what it did on stderr.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

from cosaudit.cli._output import note
from cosaudit.errors import OutputError
from cosaudit.lint import baseline, fix
from cosaudit.lint.model import CheckResult, Finding
from cosaudit.load.atomic import replace_text_atomic, write_text_atomic


def write_baseline(result: CheckResult, target: Path, *, force: bool, cwd: Path) -> None:
    base = Path(target).resolve().parent
    write_text_atomic(target, baseline.render(result, cwd, base), force=force)
    note(f"wrote {len(result.findings)} finding(s) to the baseline {target}")


def add_suppressions(result: CheckResult, reason: str, *, cwd: Path) -> int:
    """Write suppressions at every finding; every file is rewritten atomically, and only after
    all new texts were computed and checked, so a failure writes nothing."""
    by_file: dict[str, list[Finding]] = defaultdict(list)
    for f in result.findings:
        by_file[f.path].append(f)
    planned: list[tuple[Path, str]] = []
    for display, findings in sorted(by_file.items()):
        path = cwd / display
        text = path.read_text(encoding="utf-8-sig")
        new = fix.with_suppressions(path, text, findings, reason)
        if new != text:
            _still_parses(path, text, new)
            planned.append((path, new))
    for path, new in planned:
        replace_text_atomic(path, new)
    count = sum(1 for f in result.findings if f.code not in fix.META)
    note(f"added suppressions for {count} finding(s) in {len(planned)} file(s) (reason: {reason})")
    return len(planned)


def _still_parses(path: Path, old: str, new: str) -> None:
    if path.suffix != ".py":
        return
    try:
        ast.parse(old)
    except SyntaxError:
        return
    try:
        ast.parse(new)
    except SyntaxError as exc:
        raise OutputError(
            f"adding suppressions would break the syntax of {path} (line {exc.lineno}); nothing written",
            hint="add the suppressions to this file by hand",
        ) from None
