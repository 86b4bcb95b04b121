"""Pairs of label rows made by iteration tools, and correlations between two rows.

`itertools.combinations(W, 2)` / `product(W, W)` / `permutations(W, 2)` over a label matrix yield
pairs of its rows (`for a, b in combinations(W, 2)` binds two rows); `pearsonr(W[a], W[b])`,
`spearmanr`, `kendalltau`, scipy's `correlation` distance of two rows correlate them over the
hidden dimensions — a cosine of the rows each centred over its own coordinates, not over the
labels, so it moves with the head's translation as the cosine does. Correlations of anything
else (a similarity against behaviour) are left to `uses.fallback`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cosaudit.lint.taint.host import AnalyzerHost
from cosaudit.lint.taint.libs.common import CallSite, Handler, table
from cosaudit.lint.taint.values import COLS, INPUT, LABEL, NOTHING, ROWS, SEL, VEC, Taint, TupleVal


def _matrix(v: Any) -> Taint | None:
    # token rows of an input table too: pairs of them are compared as input geometry (COS150 when the
    # table is also a tied head)
    if isinstance(v, Taint) and v.kind in (LABEL, INPUT) and v.orient in (ROWS, SEL, COLS):
        return replace(v, orient=COLS if v.orient == COLS else ROWS)
    return None


def row_pairs(an: AnalyzerHost, c: CallSite) -> Any:
    """`combinations(W, 2)`, `product(W, W)`: a sequence whose items unpack to rows of `W`."""
    matrices = [m for m in (_matrix(a) for a in c.args) if m is not None]
    if not matrices or len(matrices) < len([a for a in c.args if isinstance(a, Taint)]):
        return NOTHING
    return TupleVal([matrices[0]])


def row_correlation(an: AnalyzerHost, c: CallSite) -> Any:
    if len(c.args) < 2 or not all(isinstance(a, Taint) and a.kind == LABEL and a.orient == VEC for a in c.args[:2]):
        return NOTHING
    return an._pair_sink("cosine", c.args[:2], c.node, c.name, single=False, torch_style=False, dim=None)


FUNCTIONS: dict[str, Handler] = {
    **table(row_pairs, "combinations", "product", "permutations", "combinations_with_replacement"),
    **table(row_correlation, "pearsonr", "spearmanr", "kendalltau", "correlation"),
}
