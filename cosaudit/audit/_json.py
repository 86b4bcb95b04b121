"""Numbers as the JSON reports write them (one helper for every report)."""

from __future__ import annotations

import math
from collections.abc import Iterable


def num(x: float | None, digits: int | None = 6) -> float | None:
    """A JSON number: None when undefined (JSON has no NaN or Inf), rounded to `digits` (None: as is)."""
    if x is None or not math.isfinite(x):
        return None
    return float(x) if digits is None else round(float(x), digits)


def margin(x: float | None) -> float | None:
    """A relative margin: 6 decimals, or 3 significant digits below 1e-6 — a float-level tie is a
    positive margin, and rounding it to 0 would contradict the "yes" it belongs to."""
    if x is None or not math.isfinite(x):
        return None
    return float(f"{x:.3g}") if 0 < abs(x) < 1e-6 else round(float(x), 6)


def matrix(m: Iterable[Iterable[float]]) -> list[list[float | None]]:
    """A matrix of JSON numbers (rounded to 6 digits, None where undefined)."""
    return [[num(float(v)) for v in row] for row in m]
