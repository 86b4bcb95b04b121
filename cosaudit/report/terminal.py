"""Small coloured cosine matrices for the terminal (rich), shared by the text renderers."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich import box
from rich.columns import Columns
from rich.table import Table
from rich.text import Text

from cosaudit.report._common import cosine_style, fmt

if TYPE_CHECKING:
    from cosaudit.audit.reports import CosinePanel


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


def cosine_panels(names: Sequence[str], panels: Sequence[CosinePanel], *, color: bool) -> Columns:
    """Cosine matrices of the same labels (the pair first: outlined) as tables side by side."""
    return Columns(
        [
            cosine_table(p.title, [str(n) for n in names], _cells(p.matrix), color=color, highlight=(0, 1))
            for p in panels
        ],
        padding=(0, 2),
    )


def _cells(m: Any) -> list[list[float | None]]:
    return [[None if not math.isfinite(x) else float(x) for x in row] for row in m]
