"""Renderers of the `paper` report: every recomputed number next to the papers' value."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from rich.table import Table
from rich.text import Text

from cosaudit.report._common import md_table, render_rich
from cosaudit.report.render import ReportRenderer

if TYPE_CHECKING:
    from cosaudit.audit.reports import PaperReport

EXAMPLES = {
    "unrestricted": (
        "Unrestricted (Sec. 3.1 / App. C.1): three models, the same probabilities, "
        "cosines +0.8, −1, +1"
    ),
    "centered": (
        "Centered (Sec. 3.2 / App. C.2): centering does not make the cosine mean joint probability"
    ),
    "centered_unit_length": (
        "Centered, unit length (Sec. 3.3 / App. C.3): neither does fixing the length"
    ),
}



def _value(x: Any) -> str:
    """A computed or paper value, compactly."""
    if isinstance(x, bool):
        return "yes" if x else "no"
    if isinstance(x, float):
        return f"{x:.12g}"
    if isinstance(x, list):
        if x and all(isinstance(r, list) and len(r) > 2 for r in x):
            return f"{len(x)}×{len(x[0])} matrix"
        return "[" + ", ".join(_value(v) for v in x) + "]"
    return str(x)


def _diff(c: dict[str, Any]) -> str:
    if c.get("max_abs_diff") is None:
        return (
            "equal"
            if c["agree"] and c.get("tolerance") == 0
            else ("≤ tol" if c["agree"] else "differs")
        )
    return f"{c['max_abs_diff']:.1e}"


def _headline(report: dict[str, Any]) -> str:
    if report["agree"]:
        return (
            f"All {report['n_checks']} numbers of the papers' worked examples were recomputed "
            "by cosaudit "
            "and agree with the papers' values."
        )
    return (
        f"{report['n_failed']} of {report['n_checks']} recomputed numbers do NOT agree "
        "with the papers' "
        "values (marked below)."
    )


def render_text(r: PaperReport, *, color: bool = False) -> str:
    report = r.data
    parts: list[Any] = [
        Text(
            "cosaudit paper — Nielsen (& Grivas), arXiv 2603.29488, worked examples", style="bold"
        ),
        Text(_headline(report), style="bold green" if report["agree"] else "bold red"),
    ]
    for key, title in EXAMPLES.items():
        t = Table(title=title, title_justify="left", title_style="bold")
        for col in ("quantity", "cosaudit", "paper", "|diff|", "agree"):
            t.add_column(col, justify="left" if col == "quantity" else "right", overflow="fold")
        for c in report["checks"]:
            if c["example"] == key:
                t.add_row(
                    c["quantity"],
                    _value(c["computed"]),
                    _value(c["paper"]),
                    _diff(c),
                    Text("yes", style="green") if c["agree"] else Text("NO", style="bold red"),
                )
        parts.append(t)
    return render_rich(parts, color=color, width=140)


def render_markdown(r: PaperReport, *, figures: Sequence[tuple[str, str]] = ()) -> str:
    """Markdown; `figures` are (relative path, caption) of images written beside it."""
    report = r.data
    lines = [
        "# cosaudit paper: the worked examples of arXiv 2603.29488, recomputed",
        "",
        f"**{_headline(report)}** The −1 and +1 models are built by cosaudit's translation "
        "code, tie "
        "pairs and possible top labels by its LP checks, rankings and sign vectors by its pattern "
        "enumeration; nothing is copied from the papers' numbers.",
        "",
    ]
    for key, title in EXAMPLES.items():
        rows = [
            [
                c["quantity"],
                _value(c["computed"]),
                _value(c["paper"]),
                _diff(c),
                "yes" if c["agree"] else "**NO**",
            ]
            for c in report["checks"]
            if c["example"] == key
        ]
        lines += [
            f"## {title}",
            "",
            md_table(["quantity", "cosaudit", "paper", "|diff|", "agree"], rows),
            "",
        ]
    if figures:
        lines += ["## Figures", ""]
        for n, (path, caption) in enumerate(figures, start=1):
            lines += [
                f"![{caption.replace('[', '(').replace(']', ')')}]({quote(path)})",
                "",
                f"_Figure {n}. {caption}_",
                "",
            ]
    return "\n".join(lines)


def _figures(r: PaperReport) -> list[Any]:
    from cosaudit.report.report_figures import paper_figures

    return paper_figures(r)


RENDERER = ReportRenderer(text=render_text, markdown=render_markdown, figures=_figures)


def folder_files(r: PaperReport) -> dict[str, bytes]:
    """`paper --output DIR`: every figure as PNG and a summary.md that shows them ({name: bytes})."""
    from cosaudit.report.figures import to_png
    from cosaudit.report.report_figures import report_figures

    figs = report_figures(r)
    names = [(f"fig{n}-{f.key}.png", f.caption) for n, f in enumerate(figs, start=1)]
    files = {name: to_png(f.figure) for (name, _), f in zip(names, figs, strict=True)}
    files["summary.md"] = (render_markdown(r, figures=names) + "\n").encode("utf-8")
    return files
