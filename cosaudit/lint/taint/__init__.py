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
from cosaudit.lint.taint.libs.layers import ClassHeads
from cosaudit.lint.taint.modules import ImportLookup
from cosaudit.lint.taint.values import (
    INPUT,
    LABEL,
    VEC,
    Derived,
    Event,
    Exported,
    ForeignClass,
    ForeignFunction,
    FuncInfo,
    Taint,
)


def analyse(
    tree: ast.Module,
    context: str = "",
    imports: ImportLookup | None = None,
    *,
    cells: bool = False,
    heads: ClassHeads | None = None,
    commented_heads: frozenset[int] = frozenset(),
) -> tuple[list[Event], list[ast.Constant]]:
    """(similarity events reached by label representations, prose string constants).
    `context`: the document's prose around the code (a notebook's markdown); `imports`: the
    label-row helpers of the other modules of the scanned tree (`helper_summary`); `cells`: the code
    is a notebook's or a script's in cells (`# %%`); `heads`: the output layers of the model classes it
    imports from them (`FileImports.class_heads`); `commented_heads`: lines whose comment says the value
    bound there is the head's weights (`code_module.head_comment_lines`)."""
    a = Analyzer(tree, context, imports, cells=cells, heads=heads, commented_heads=commented_heads)
    events = a.run()
    return events, a.prose_strings


def helper_summary(tree: ast.Module) -> dict[str, Exported]:
    """The module-level functions of a module that return label rows (`def get_unembedding(model):
    return model.lm_head.weight`: those rows), those whose body compares what they are given
    (`def cos_matrix(w): ...; return wn @ wn.T`: the analysed function, its similarities
    instantiated at each call like a helper of the importing file's own), and those that compare
    label rows they reach themselves (`analysis(model, loader)`: a `ForeignFunction`), analysed
    without following the module's own imports."""
    a = Analyzer(tree)
    a.run()
    out: dict[str, Exported] = {}
    for name, info in a.functions.items():
        if isinstance(info.returns, Taint) and info.returns.kind == LABEL:
            out[name] = info.returns
        elif info.templates and not info.reported_in_body:
            out[name] = replace(info, foreign=True)
        elif (inside := _compared_inside(info.node, a.events)) is not None:
            out[name] = ForeignFunction(name, inside)
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name not in out:
            methods = {
                fn.name: ev
                for fn in node.body
                if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
                and (ev := _compared_inside(fn, a.events)) is not None
            }
            if methods:
                out[node.name] = ForeignClass(node.name, methods)
    return out


def _compared_inside(fn: ast.stmt, events: list[Event]) -> Event | None:
    """The first similarity of label rows (or token rows) in the body of a function or a public
    method; None for anything else."""
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or fn.name.startswith("__"):
        return None
    end = fn.end_lineno or fn.lineno
    for ev in events:
        kinds = {t.kind for t in ev.operands}
        if not ev.pending and kinds <= {LABEL, INPUT} and fn.lineno <= ev.pos[0] <= end:
            return ev
    return None


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
