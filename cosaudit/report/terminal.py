"""Small coloured cosine matrices for the terminal (rich), shared by the text renderers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.columns import Columns
from rich.table import Table
from rich.text import Text

from cosaudit.report._common import cosine_style, fmt


def cosine_table(
    title: str,
    names: Sequence[str],
    matrix: Sequence[Sequence[float | None]],
    *,
    color: bool,
    highlight: tuple[int, int] | None = None,
) -> Table:
    """One cosine matrix as a table; cells coloured blue (−) to red (+) when `color`."""
    t = Table(
        title=title, title_justify="left", title_style="bold", padding=(0, 1), box=box.SIMPLE_HEAD
    )
    t.add_column("")
    for n in names:
        t.add_column(n, justify="right")
    for a, (name, row) in enumerate(zip(names, matrix, strict=True)):
        cells = []
        for b, x in enumerate(row):
            style = cosine_style(x) if color else ""
            if highlight is not None and {a, b} == set(highlight):
                style = (style + " bold underline").strip()
            cells.append(Text(fmt(x, 2), style=style))
        t.add_row(name, *cells)
    return t


def cosine_panels(matrices: dict[str, Any], *, color: bool) -> Columns:
    """The `_matrices` of a report (names, pair, panels) as tables side by side."""
    names = [str(n) for n in matrices["names"]]
    pair = tuple(matrices.get("pair", (0, 1)))
    hl = (int(pair[0]), int(pair[1])) if len(pair) == 2 else None
    return Columns(
        [
            cosine_table(p["title"], names, p["matrix"], color=color, highlight=hl)
            for p in matrices["panels"]
        ],
        padding=(0, 2),
    )
