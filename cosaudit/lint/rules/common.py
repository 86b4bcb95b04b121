"""Shared message parts: why a geometry reading is not identifiable, and what to do instead."""

from __future__ import annotations

from dataclasses import dataclass

WHY_TRANSLATION = (
    "the rows of a softmax head are fixed only up to a shared translation w → w + c, which leaves "
    "every probability unchanged but can move this value anywhere (a cosine to any value in "
    "[-1, 1])"
)
SIMILAR = (
    "`cosaudit similar CHECKPOINT --labels A B` (behavioural similarity: log-probability "
    "correlation, co-top rate, runner-up rate — identifiable)"
)
FIX_PAIR = (
    f"measure how alike the labels behave with {SIMILAR}, ask `cosaudit neighbours` which labels "
    "can tie for the top and `cosaudit argmax` which can be predicted at all, or compare "
    "differences of rows (w_a − w_b is identifiable); `cosaudit flip --labels A B` builds an "
    "equivalent model with the same probabilities and the opposite cosine"
)
FIX_PROSE = (
    f"state the claim about behaviour measured with {SIMILAR} or on data, or about tie-ability "
    "(`cosaudit neighbours`) or differences of rows; `cosaudit flip --labels A B` shows a model "
    "with identical probabilities and the opposite cosine"
)


@dataclass(frozen=True)
class Said:
    """What a finding says: what was seen (the concise report's line), why it matters, what to do."""

    seen: str
    why: str
    fix: str

    @property
    def text(self) -> str:
        """`<seen>: <why>. Instead, <fix>.` — every finding says all three."""
        return f"{self.seen}: {self.why}. Instead, {self.fix}."
