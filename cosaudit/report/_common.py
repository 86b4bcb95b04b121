"""Helpers shared by the renderers: JSON dumping, rich-to-string, number formatting."""

from __future__ import annotations

import io
import json
from collections.abc import Iterable, Mapping
from typing import Any

from rich.console import Console


def to_json(report: Mapping[str, Any]) -> str:
    """Stable JSON: sorted keys, 2-space indent, no NaN (undefined values are null)."""
    return json.dumps(report, indent=2, sort_keys=True, allow_nan=False, ensure_ascii=False) + "\n"


def render_rich(renderables: Iterable[Any], *, color: bool, width: int = 100) -> str:
    """Render rich objects to a string (ANSI colours only when `color`)."""
    buf = io.StringIO()
    console = Console(file=buf, width=width, force_terminal=color, color_system="truecolor" if color else None,
                      no_color=not color, highlight=False, soft_wrap=False)
    for r in renderables:
        console.print(r)
    return buf.getvalue()


def fmt(x: float | None, digits: int = 3) -> str:
    """A cosine-like number in [-1, 1]: signed, fixed digits; undefined → 'n/a'."""
    if x is None:
        return "n/a"
    return f"{x:+.{digits}f}"


def fmt_num(x: float | None, digits: int = 4) -> str:
    """Any other number (dot products, norms, ratios): significant digits; undefined → 'n/a'."""
    if x is None:
        return "n/a"
    return f"{x:.{digits}g}"


def cosine_style(x: float | None) -> str:
    """A background colour for a cosine in [-1, 1] (blue negative, red positive)."""
    if x is None:
        return "dim"
    x = max(-1.0, min(1.0, x))
    level = int(round(abs(x) * 4))
    if level == 0:
        return ""
    reds = ["", "grey70 on rgb(90,30,30)", "white on rgb(140,40,40)", "white on rgb(190,50,50)",
            "white on rgb(230,60,60)"]
    blues = ["", "grey70 on rgb(30,40,90)", "white on rgb(40,60,140)", "white on rgb(50,80,190)",
             "white on rgb(60,100,230)"]
    return (reds if x > 0 else blues)[level]


def md_table(header: list[str], rows: list[list[str]]) -> str:
    """A Markdown pipe table."""
    def esc(s: str) -> str:
        return s.replace("|", "\\|").replace("\n", " ")

    lines = ["| " + " | ".join(esc(h) for h in header) + " |",
             "| " + " | ".join("---" for _ in header) + " |"]
    lines += ["| " + " | ".join(esc(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def label_with_id(name: Any, i: Any) -> str:
    """`dog #78`; a label that is only its row number (no tokenizer, no names) once: `#0`."""
    text = str(name)
    return text if text == f"#{i}" else f"{text} #{i}"


def label_with_row(name: Any, i: Any) -> str:
    """`'dog' (row 78)`; an unnamed row once: `row 0`."""
    return f"row {i}" if str(name) == f"#{i}" else f"{str(name)!r} (row {i})"
