"""Human report: one line per finding (`path:cell N:line:col: CODE [severity] message`).

Plain text unless `color` (a terminal), then styled with rich — still returned as a string. The
concise report gives each finding what was seen only, and says once where the why and the what to
do instead are (`cosaudit rules CODE`): a repository's many findings on one screen, as ruff's
`--output-format concise`.
"""

from __future__ import annotations

from cosaudit.lint.model import CheckResult, Finding
from cosaudit.lint.registry import Rule

_STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}


def location(f: Finding) -> str:
    cell = f"cell {f.cell}:" if f.cell is not None else ""
    return f"{f.path}:{cell}{f.line}:{f.column}"


def render(result: CheckResult, rules: list[Rule], *, color: bool = False) -> str:
    names = {r.code: r.name for r in rules}
    if not color:
        lines = [
            f"{location(f)}: {f.code} [{f.severity.value}] {f.message}" for f in result.findings
        ]
        return "\n".join(lines) + ("\n" if lines else "")
    import io

    from rich.console import Console
    from rich.text import Text

    buf = io.StringIO()
    console = Console(
        file=buf, force_terminal=True, color_system="standard", width=120, soft_wrap=True
    )
    for f in result.findings:
        t = Text()
        t.append(location(f), style="bold")
        t.append(": ")
        t.append(f.code, style=_STYLE[f.severity.value])
        t.append(f" {names.get(f.code, '')} [{f.severity.value}] ", style="dim")
        t.append(f.message)
        console.print(t)
    return buf.getvalue()


def render_concise(result: CheckResult, rules: list[Rule]) -> str:
    """One short line per finding (what was seen), then one line naming the rules to read."""
    lines = [f"{location(f)}: {f.code} [{f.severity.value}] {f.summary or f.message}" for f in result.findings]
    codes = sorted({f.code for f in result.findings})
    if codes:
        lines.append(f"why and what to do instead: cosaudit rules {' '.join(codes)}")
    return "\n".join(lines) + ("\n" if lines else "")
