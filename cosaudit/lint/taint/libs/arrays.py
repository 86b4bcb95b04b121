"""Array libraries (torch, numpy, jax): products, norms, normalisation, means, stacking,
conversions, row selection (`index_select`, `gather`, `F.embedding`) and tensor methods."""

from __future__ import annotations

import ast
from dataclasses import replace
from typing import Any

from cosaudit.lint import patterns as P
from cosaudit.lint.taint.libs.common import CallSite, Handler, table
from cosaudit.lint.taint.values import (
    NOTHING,
    SEL,
    NormOf,
    Sim,
    Taint,
    TupleVal,
    Unit,
    access_path,
    const,
    contains_norm,
)


def norm(an: Any, c: CallSite) -> Any:
    return an._norm(c.args[0], c.node) if c.args else NOTHING


_GUARDS = ("maximum", "fmax", "clamp", "clamp_min", "clip")


def guarded_norm(an: Any, c: CallSite) -> Any:
    """`np.maximum(norms, 1e-8)`, `torch.clamp(norms, min=eps)`: a norm kept off zero is still the
    norm (dividing by it normalises)."""
    return next((a for a in c.args if isinstance(a, NormOf)), NOTHING)


def norm_method(an: Any, c: CallSite) -> Any:
    """`norms.clamp(min=eps)`, `.clamp_min(eps)`, `.clip(eps, None)`, conversions: still the norm."""
    meth = c.node.func.attr  # type: ignore[attr-defined]
    for a in c.node.args:
        an.eval(a, c.env)
    return c.receiver if meth in _GUARDS or meth in P.PROPAGATE_METHODS or meth in _RESHAPE else None


def normalize(an: Any, c: CallSite) -> Any:
    if not c.args:
        return NOTHING
    a = c.args[0]
    if c.name == "normalize_L2" and isinstance(a, Taint):
        path = access_path(c.node.args[0]) if c.node.args else None
        if path:
            c.env[path] = replace(a, normalized=True)  # FAISS normalises in place
        return None
    if isinstance(a, Taint):
        return replace(a, normalized=True)
    if a is None and c.name == "normalize":
        return Unit()  # `F.normalize(neuron_dirs)`: a unit vector of something we do not follow
    return a if isinstance(a, Sim) else None


_LIBRARIES = {"torch", "np", "numpy", "jnp", "jax", "tf", "F", "scipy", "linalg", "LA", "la"}


def dot(an: Any, c: CallSite) -> Any:
    if len(c.args) == 1 and isinstance(c.node.func, ast.Attribute) and c.owner.split(".")[0] not in _LIBRARIES:
        return an._dot_sink(c.receiver, c.args[0], c.node, c.name)  # `h.matmul(W)` of an `h` we do not follow
    if len(c.args) < 2:
        return NOTHING
    return an._dot_sink(c.args[0], c.args[1], c.node, c.name)


def mean(an: Any, c: CallSite) -> Any:
    if not (isinstance(c.node.func, ast.Attribute) and c.args and isinstance(c.args[0], Taint)):
        return NOTHING
    axis = c.kw("axis", "dim") or (c.node.args[1] if len(c.node.args) > 1 else None)
    return an._mean(c.args[0], c.node, axis)


def scale(an: Any, c: CallSite) -> Any:
    if c.args and isinstance(c.args[0], Taint):
        return replace(c.args[0], centered=True)
    return NOTHING


def stack(an: Any, c: CallSite) -> Any:
    if not c.args:
        return NOTHING
    first = c.args[0]
    items = first.items if isinstance(first, TupleVal) else [first]
    taints = [t for t in items if isinstance(t, Taint)]
    if taints and len(taints) == len(items):
        roots = {t.root for t in taints}
        return replace(taints[0], orient=SEL, root=roots.pop() if len(roots) == 1 else None)
    if isinstance(first, Taint):
        return first
    return next((t for t in items if isinstance(t, Sim)), None)


def propagate(an: Any, c: CallSite) -> Any:
    if not c.args:
        return NOTHING
    a = c.args[0]
    if isinstance(a, TupleVal):
        taints = [t for t in a.items if isinstance(t, Taint)]
        if taints and len(taints) == len(a.items):
            return replace(taints[0], orient=SEL)
        return next((t for t in a.items if isinstance(t, Sim)), None)
    return a if isinstance(a, (Taint, Sim)) else None


def select_rows(an: Any, c: CallSite) -> Any:
    """`torch.index_select(W, 0, ids)`, `torch.gather(W, 0, idx)`, `np.take(W, ids, axis=0)`,
    `F.embedding(ids, W)`: a selection of label rows."""
    if c.name == "embedding":
        w = c.args[1] if len(c.args) > 1 else c.kwargs.get("weight")
        return replace(w, orient=SEL) if isinstance(w, Taint) and w.orient != "cols" else NOTHING
    w = c.args[0] if c.args else None
    if not isinstance(w, Taint):
        return NOTHING
    axis = c.const_arg(1, "dim", "axis") if c.name != "take" else const(c.kw("axis"))
    return replace(w, orient=SEL) if axis in (0, None) and w.orient != "cols" else None


def corrcoef(an: Any, c: CallSite) -> Any:
    """`np.corrcoef(W)` / `np.corrcoef(W[a], W[b])` on label rows: a Pearson correlation over the
    hidden dimensions, i.e. a cosine after centering each row — not over labels, so no help."""
    taints = [a for a in c.args[:2] if isinstance(a, Taint)]
    if not taints:
        return NOTHING  # a correlation of other things (behaviour): see uses.fallback
    other = c.args[1] if len(c.args) > 1 else c.args[0]
    return an._pair_sink(
        "cosine", [c.args[0], other], c.node, "corrcoef", single=len(c.args) == 1, torch_style=False, dim=None
    )


def transpose(an: Any, c: CallSite) -> Any:
    """`np.transpose(W)`, `jnp.transpose(W, (1, 0))`, `torch.transpose(W, 0, 1)`, `torch.t(W)`:
    the label matrix, the other way round."""
    first = c.args[0] if c.args else None
    return first.flipped() if isinstance(first, Taint) else NOTHING


FUNCTIONS: dict[str, Handler] = {
    **table(corrcoef, "corrcoef"),
    **table(transpose, *P.TRANSPOSE_METHODS),
    **table(norm, *P.NORM_CALLS),
    **table(normalize, *P.NORMALIZE_CALLS),
    **table(dot, *(P.DOT_CALLS - {"einsum"})),
    **table(mean, "mean"),
    **table(scale, "scale"),
    **table(stack, *P.STACK_CALLS),
    **table(propagate, *P.PROPAGATE_CALLS),
    **table(select_rows, "index_select", "gather", "take", "embedding"),
    **table(guarded_norm, *_GUARDS),
}

_RESHAPE = {"reshape", "view", "unsqueeze", "expand", "expand_as", "flatten", "repeat"}
_DIVIDE = {"div", "divide", "true_divide", "div_", "__truediv__"}


def taint_method(an: Any, c: CallSite) -> Any:
    """Methods of label rows: `W.T`-like transposes, conversions, `.mean`, `.norm`, `.sub`,
    `.div` (in place with `div_`), products, `.index_select`."""
    t: Taint = c.receiver
    node, meth = c.node, c.node.func.attr  # type: ignore[attr-defined]
    args = [an.eval(a, c.env) for a in node.args]
    if meth in P.PROPAGATE_METHODS or meth in _RESHAPE:
        return t
    if meth in P.TRANSPOSE_METHODS:
        return t.flipped()
    if meth == "mean":
        axis = c.kw("dim", "axis") or (node.args[0] if node.args else None)
        return an._mean(t, node, axis)
    if meth in P.NORM_CALLS:
        return an._norm(t, node)
    if meth in ("sub", "subtract", "sub_"):
        return an._subtract(t, args[0] if args else None)
    if meth in _DIVIDE:
        out = replace(t, normalized=True) if node.args and contains_norm(node.args[0]) else t
        if meth.endswith("_"):
            an._rebind(node.func.value, out, c.env)  # type: ignore[attr-defined]
        return out
    if meth in P.DOT_CALLS and args:
        return an._dot_sink(t, args[0], node, meth)
    if meth in ("index_select", "gather", "take") and len(args) > 1:
        return replace(t, orient=SEL)
    return None
