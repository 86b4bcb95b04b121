"""Shared message parts: why a geometry reading is not identifiable, and what to do instead."""

from __future__ import annotations

WHY_TRANSLATION = (
    "the rows of a softmax head are fixed only up to a shared translation w → w + c, which leaves "
    "every probability unchanged but can move this value anywhere (a cosine to any value in "
    "[-1, 1])"
)
FIX_PAIR = (
    "compare differences of rows (w_a − w_b is identifiable), ask `cosaudit neighbours` which "
    "labels "
    "are tie-able, or measure behaviour on data with `cosaudit similar --labels A B` (log-prob "
    "correlation, co-top rate); `cosaudit flip --labels A B` builds an "
    "equivalent model with the same probabilities and the opposite cosine"
)
FIX_PROSE = (
    "state the claim about probabilities measured on data (`cosaudit similar` computes it), or "
    "about differences of rows / "
    "tie-ability "
    "(`cosaudit neighbours`); `cosaudit flip --labels A B` shows a model with identical "
    "probabilities "
    "and the opposite cosine"
)


def message(seen: str, why: str, fix: str) -> str:
    """`<seen>: <why>. Instead, <fix>.` — every finding says all three."""
    return f"{seen}: {why}. Instead, {fix}."
