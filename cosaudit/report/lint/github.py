"""GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`."""

from __future__ import annotations

from cosaudit.lint.model import CheckResult
from cosaudit.lint.registry import Rule

_COMMAND = {"error": "error", "warning": "warning", "info": "notice"}


def escape_data(s: str) -> str:
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(s: str) -> str:
    return escape_data(s).replace(":", "%3A").replace(",", "%2C")


def render(result: CheckResult, rules: list[Rule]) -> str:
    names = {r.code: r.name for r in rules}
    lines = []
    for f in result.findings:
        cell = f"cell {f.cell}: " if f.cell is not None else ""
        title = f"{f.code} {names.get(f.code, '')}".strip()
        where = f"file={escape_property(f.path)},line={f.line},col={f.column}"
        props = f"{where},title={escape_property(title)}"
        lines.append(f"::{_COMMAND[f.severity.value]} {props}::{escape_data(cell + f.message)}")
    for n in result.notices:
        lines.append(
            f"::warning file={escape_property(n.path)},title=cosaudit "
            f"{n.kind.value}::{escape_data(n.message)}"
        )
    return "\n".join(lines) + ("\n" if lines else "")
