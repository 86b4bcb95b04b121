"""One interface for every report: a typed report and a format in, a string out.

Each report class names its `ReportRenderer` (text, Markdown, figures, optional JSON and lead
sentence); `render` picks the format. HTML and Markdown-with-figures are built from the
report's own Markdown and figures, so every format shows the same content.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn

from cosaudit.report._common import to_json

if TYPE_CHECKING:
    from cosaudit.audit.reports import Report
    from cosaudit.report.report_figures import ReportFigure


class ReportFormat(enum.Enum):
    TEXT = "text"
    JSON = "json"
    MARKDOWN = "md"
    HTML = "html"


def _no_figures(report: Any) -> list[ReportFigure]:
    return []


def _data_json(report: Any) -> str:
    return to_json(report.data)


@dataclass(frozen=True)
class ReportRenderer:
    """How one kind of report is drawn. Every function takes the typed report."""

    text: Callable[..., str]  # (report, *, color: bool) -> str
    markdown: Callable[[Any], str]
    figures: Callable[[Any], list[ReportFigure]] = _no_figures
    json: Callable[[Any], str] = _data_json
    lead: Callable[[Any], str | None] | None = None  # a verdict sentence the Markdown lacks (HTML)


def _never(value: NoReturn) -> NoReturn:  # pragma: no cover - exhaustiveness guard
    raise AssertionError(f"unhandled report format: {value!r}")


def render(report: Report, fmt: ReportFormat, *, color: bool = False) -> str:
    """`report` in format `fmt` (`color`: ANSI styling of the text format)."""
    r = report.renderer()
    if fmt is ReportFormat.TEXT:
        return str(r.text(report, color=color))
    if fmt is ReportFormat.JSON:
        return r.json(report)
    if fmt is ReportFormat.MARKDOWN:
        return r.markdown(report)
    if fmt is ReportFormat.HTML:
        from cosaudit.report.html import render_html

        return render_html(report)
    _never(fmt)

