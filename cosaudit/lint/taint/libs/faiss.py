"""FAISS: an inner-product index (`IndexFlatIP`) over normalised label rows is a cosine
nearest-neighbour search; `normalize_L2` normalises in place (see `arrays.normalize`)."""

from __future__ import annotations

import ast
from typing import Any

from cosaudit.lint.taint.host import AnalyzerHost
from cosaudit.lint.taint.libs.common import CallSite, Handler, table
from cosaudit.lint.taint.syntax import access_path
from cosaudit.lint.taint.values import NOTHING, SEL, VEC, FaissIndex, Sim, Taint, TupleVal

_IP = ("IndexFlatIP", "IndexHNSWFlat", "IndexIVFFlat", "GpuIndexFlatIP")


def index(an: AnalyzerHost, c: CallSite) -> Any:
    metric = "ip" if c.name in ("IndexFlatIP", "GpuIndexFlatIP") else "l2"
    if c.name in ("IndexHNSWFlat", "IndexIVFFlat"):
        text = " ".join(str(getattr(a, "attr", "")) for a in c.node.args)
        metric = "ip" if "INNER_PRODUCT" in text else "l2"
    return FaissIndex(metric)


def wrapper(an: AnalyzerHost, c: CallSite) -> Any:
    inner = an.eval(c.node.args[0], c.env) if c.node.args else None
    return inner if isinstance(inner, FaissIndex) else NOTHING


CONSTRUCTORS: dict[str, Handler] = {
    **table(index, "IndexFlatIP", "IndexFlatL2", "IndexHNSWFlat", "IndexIVFFlat", "GpuIndexFlatIP"),
    **table(wrapper, "IndexIDMap", "IndexIDMap2", "index_cpu_to_gpu"),
}


def index_method(an: AnalyzerHost, c: CallSite) -> Any:
    idx: FaissIndex = c.receiver
    meth = c.method.attr
    args = [an.eval(a, c.env) for a in c.node.args]
    if meth in ("add", "add_with_ids", "train") and args:
        if isinstance(args[0], Taint):
            idx.data, idx.path = args[0], _base_path(c.node.args[0])
        return None
    if meth != "search" or not args or not isinstance(idx.data, Taint):
        return None
    data, query = idx.data, args[0]
    if not isinstance(query, Taint):
        query = None  # what we cannot place (`user_out` read off `self.output`): some vectors
    if query is None and idx.path is not None and _base_path(c.node.args[0]) == idx.path:
        query = data  # index.search(unit[start:end], k): the added rows searched in batches
    if idx.metric == "l2" and not data.normalized:  # L2 over unit rows ranks like the cosine
        sim = an._pair_sink("euclid", [query, data], c.node, "faiss search", single=False, torch_style=False, dim=None)
    elif an._labelish(query) and query.orient in (VEC, SEL, "rows"):
        sim = an._sink("cosine" if data.normalized or query.normalized else "dot", query, data, c.node, "faiss search")
    elif query is None and data.normalized:
        return TupleVal([an._sink("cosine", data, None, c.node, "faiss search")] * 2)
    else:
        return None
    if isinstance(sim, Sim):
        an._derive(sim, "display", c.node, "search")
    return TupleVal([sim, sim])


def _base_path(node: ast.AST) -> str | None:
    """`unit` for `unit`, `unit[start:end]`, `unit[i:i + b].copy()`-free slices."""
    while isinstance(node, ast.Subscript):
        node = node.value
    return access_path(node)
