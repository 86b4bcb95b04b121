"""Einsum in every spelling: `torch.einsum` / `np.einsum` / `jnp.einsum` / `opt_einsum.contract`
(pattern first, one letter per axis, implicit output allowed; the operands also as one list),
`fancy_einsum.einsum` (pattern first, named axes) and `einops.einsum` (pattern last, named
axes). A contraction of two label matrices that keeps both label axes is a Gram matrix
(`"vd,wd->vw"`; TransformerLens `W_U` is [d_model, d_vocab], its label axis is the last);
keeping one label axis against a vector that is not a label (`"bd,dv->bv"`) is the logit lens,
which is fine."""

from __future__ import annotations

import ast
from typing import Any

from cosaudit.lint.taint.host import AnalyzerHost
from cosaudit.lint.taint.libs.common import CallSite, Handler, table
from cosaudit.lint.taint.sinks import unit_against_rows
from cosaudit.lint.taint.syntax import const
from cosaudit.lint.taint.values import COLS, NOTHING, VEC, Taint, TupleVal, product_kind, unfollowed


def _operand_axes(part: str, named: bool) -> list[str]:
    part = part.strip()
    if named:  # einops / fancy_einsum: axes are words
        return part.split()
    return ["..." if ch == "." else ch for ch in part.replace("...", ".").replace(" ", "")]


def parse_spec(spec: str) -> tuple[list[list[str]], list[str]] | None:
    """(axes of each operand, axes of the output); None when the spec is not understood."""
    ins, arrow, out = spec.partition("->")
    named = any(" " in p.strip() or "_" in p for p in spec.replace("->", ",").split(","))
    parts = [_operand_axes(p, named) for p in ins.split(",")]
    if arrow:
        return parts, _operand_axes(out, named)
    if named:
        return None  # named axes need an explicit output
    letters = [a for p in parts for a in p if a != "..."]
    return parts, sorted(a for a in set(letters) if letters.count(a) == 1)


def _label_axis(t: Taint, axes: list[str], out: list[str]) -> str | None:
    if not axes:
        return None
    if t.orient == VEC:  # one row; or rows picked by an index we could not size (`W_U[:, ids]`)
        kept = [a for a in axes if a in out]
        return axes[0] if len(axes) == 1 else (kept[0] if len(kept) == 1 else None)
    return axes[-1] if t.orient == COLS else axes[0]


def einsum(an: AnalyzerHost, c: CallSite) -> Any:
    first, last = (const(c.node.args[0]), const(c.node.args[-1])) if c.node.args else (None, None)
    if isinstance(first, str):
        spec, ops, op_nodes = first, c.args[1:], c.node.args[1:]
    elif isinstance(last, str):
        spec, ops, op_nodes = last, c.args[:-1], c.node.args[:-1]
    else:
        return NOTHING
    if len(op_nodes) == 1 and isinstance(op_nodes[0], (ast.List, ast.Tuple)) and isinstance(ops[0], TupleVal):
        ops, op_nodes = ops[0].items, op_nodes[0].elts  # `torch.einsum("ik,jk->ij", [W, W])`
    parsed = parse_spec(spec)
    if parsed is None or len(parsed[0]) != 2 or len(ops) != 2:
        return None
    (ax_a, ax_b), out = parsed
    labelled = []
    for t, axes in zip(ops, (ax_a, ax_b), strict=True):
        axis = _label_axis(t, axes, out) if an._labelish(t) else None
        labelled.append(axis is not None and (t.orient == VEC or axis in out))
    a, b = ops
    if all(labelled):
        same = ast.dump(op_nodes[0]) == ast.dump(op_nodes[1])
        if same and _label_axis(a, ax_a, out) == _label_axis(b, ax_b, out):
            return None  # "vd,vd->v": each row with itself (squared norms)
        return an._sink(product_kind(a, b), a, b, c.node, "einsum")
    for t, ok, other, axes in ((a, labelled[0], b, ax_a), (b, labelled[1], a, ax_b)):
        if ok and unfollowed(other) and t.normalized and (t.orient != VEC or len(axes) > 1):
            return an._sink("cosine", t, None, c.node, "einsum")
        if ok and t.orient == VEC and unit_against_rows(t, other):
            return an._sink("cosine", t, None, c.node, "einsum")  # `einsum(unit_x, unit_row, "i, i ->")`
    return None


FUNCTIONS: dict[str, Handler] = table(einsum, "einsum", "contract")
