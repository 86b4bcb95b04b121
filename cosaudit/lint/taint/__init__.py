"""Taint analysis of Python code on its syntax tree.

Names bound to label-representation *sources* (head weights, TransformerLens `W_U`, classifier
`fc.weight`, state-dict keys, heads found through modules or by iterating named parameters) are
followed through indexing, transposes, conversions and assignments to *similarity sinks* (cosine
functions, normalise-then-matmul, dot products, Gram matrices, einsum, FAISS inner-product
search, distances), and from there to *interpretation sinks* (heatmaps, top-k lists, clustering,
correlation with behaviour). Mitigations travel with the taint: centering over the label axis,
differences of rows, whitening.

The analysis is flow-insensitive within straight-line code, follows module-level helper
functions through per-call summaries, and never executes anything.

Layout: `values.py` (what an expression is), `analyzer.py` (statements), `expressions.py` (with
`arithmetic.py`: operators, norms, differences, means),
`calls.py` (dispatch) with one handler module per library in `libs/`, `functions.py` (user
functions), `sinks.py`.
"""

from __future__ import annotations

import ast
from dataclasses import replace

from cosaudit.lint.taint.analyzer import Analyzer
from cosaudit.lint.taint.modules import ImportLookup
from cosaudit.lint.taint.values import INPUT, LABEL, VEC, Derived, Event, FuncInfo, Taint


def analyse(
    tree: ast.Module, context: str = "", imports: ImportLookup | None = None
) -> tuple[list[Event], list[ast.Constant]]:
    """(similarity events reached by label representations, prose string constants).
    `context`: the document's prose around the code (a notebook's markdown); `imports`: the
    label-row helpers of the other modules of the scanned tree (`helper_summary`)."""
    a = Analyzer(tree, context, imports)
    events = a.run()
    return events, a.prose_strings


def helper_summary(tree: ast.Module) -> dict[str, Taint | FuncInfo]:
    """The module-level functions of a module that return label rows (`def get_unembedding(model):
    return model.lm_head.weight`: those rows), and those whose body compares what they are given
    (`def cos_matrix(w): ...; return wn @ wn.T`: the analysed function, its similarities
    instantiated at each call like a helper of the importing file's own), analysed without
    following the module's own imports."""
    a = Analyzer(tree)
    a.run()
    out: dict[str, Taint | FuncInfo] = {}
    for name, info in a.functions.items():
        if isinstance(info.returns, Taint) and info.returns.kind == LABEL:
            out[name] = info.returns
        elif info.templates and not info.reported_in_body:
            out[name] = replace(info, foreign=True)
    return out


__all__ = [
    "INPUT",
    "LABEL",
    "VEC",
    "Analyzer",
    "Derived",
    "Event",
    "FuncInfo",
    "ImportLookup",
    "Taint",
    "analyse",
    "helper_summary",
]
