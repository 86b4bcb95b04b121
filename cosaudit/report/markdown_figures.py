"""`--format md --output FILE.md`: the report's Markdown plus its figures as PNG files.

Pure: `render_markdown_with_figures(report, stem)` returns the Markdown text and a mapping
{relative path: PNG bytes}; the CLI writes them (all or nothing). The figures live in a folder
`<stem>_files/` beside the Markdown file and are linked with relative, URL-quoted paths, so
the pair can be moved, committed or pasted into a PR together.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING
from urllib.parse import quote

from cosaudit.report.figures import to_png
from cosaudit.report.report_figures import ReportFigure, report_figures

if TYPE_CHECKING:
    from cosaudit.audit.reports import Report


def figures_folder(stem: str) -> str:
    """The folder (relative to the Markdown file) that holds its figures."""
    return f"{stem}_files"


def render_markdown_with_figures(
    report: Report,
    stem: str,
    *,
    markdown: str | None = None,
    figures: Sequence[ReportFigure] | None = None,
) -> tuple[str, dict[str, bytes]]:
    """(Markdown text with a "Figures" section, {relative path: PNG bytes})."""
    if not stem or "/" in stem or "\\" in stem:
        raise ValueError(f"invalid file stem {stem!r}")
    md = markdown if markdown is not None else report.renderer().markdown(report)
    figs = list(figures) if figures is not None else report_figures(report)
    files: dict[str, bytes] = {}
    if not figs:
        return md, files
    folder = figures_folder(stem)
    lines = [md.rstrip("\n"), "", "## Figures", ""]
    for n, fig in enumerate(figs, start=1):
        rel = f"{folder}/fig{n}-{fig.key}.png"
        files[rel] = to_png(fig.figure)
        alt = fig.caption.replace("[", "(").replace("]", ")")
        lines += [f"![{alt}]({quote(rel)})", "", f"_Figure {n}. {fig.caption}_", ""]
    return "\n".join(lines), files
