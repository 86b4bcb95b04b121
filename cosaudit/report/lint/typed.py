"""`CheckReport` through the shared report interface: text, JSON, Markdown (and so HTML).

The CLI's other formats of `check` (SARIF, GitHub annotations) stay in `render` beside it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cosaudit.lint.model import CheckResult
from cosaudit.report._common import md_table
from cosaudit.report.lint import json_report, text
from cosaudit.report.render import ReportRenderer

if TYPE_CHECKING:
    from cosaudit.audit.reports import CheckReport


def summary_line(result: CheckResult, *, shown_info: bool = True) -> str:
    """`N finding(s) (… error, … warning, … info) in M file(s); K at or above fail-on=…`
    (and how many info findings the text output left out)."""
    c = result.counts()
    skipped = sum(1 for n in result.notices if n.skipped)
    line = (
        f"{len(result.findings)} finding(s) ({c['error']} error, {c['warning']} warning, "
        f"{c['info']} info) "
        f"in {result.files_scanned} file(s)"
    )
    if skipped:
        line += f"; {skipped} file(s) skipped"
    if c["info"] and not shown_info:
        line += f"; {c['info']} info not shown (--show-info)"
    failing = len(result.failing())
    line += f"; {failing} at or above fail-on={result.fail_on.value}"
    return line


def _text(r: CheckReport, *, color: bool = False) -> str:
    return text.render(r.result, list(r.rules), color=color)


def _json(r: CheckReport) -> str:
    return json_report.render(r.result, list(r.rules))


def render_markdown(r: CheckReport) -> str:
    """The findings as a Markdown table (for notebooks, and the HTML report)."""
    names = {rule.code: rule.name for rule in r.rules}
    rows = [[f"`{text.location(f)}`", f.code, names.get(f.code, ""), f.severity.value, f.message]
            for f in r.result.findings]
    lines = ["# cosaudit check", "", f"**{summary_line(r.result)}.**", ""]
    if rows:
        lines += [md_table(["where", "code", "rule", "severity", "message"], rows), ""]
    lines += [f"- note: {n.path}{f':cell {n.cell}' if n.cell else ''}: {n.message}" for n in r.result.notices]
    return "\n".join(lines)


RENDERER = ReportRenderer(text=_text, markdown=render_markdown, json=_json)
