"""Array libraries (torch, numpy, jax): products, norms, normalisation, means, stacking,
conversions, row selection (`index_select`, `gather`, `F.embedding`) and tensor methods."""

from __future__ import annotations

import ast
from dataclasses import replace
from typing import Any

from cosaudit.lint import patterns as P
from cosaudit.lint.taint.host import AnalyzerHost
from cosaudit.lint.taint.libs.common import CallSite, Handler, table
from cosaudit.lint.taint.libs.uses import stacked_similarities
from cosaudit.lint.taint.norms import measured_vector
from cosaudit.lint.taint.syntax import access_path, base_name, const, contains_norm
from cosaudit.lint.taint.values import (
    COLS,
    LABEL,
    NOTHING,
    PARAM,
    ROWS,
    SEL,
    VEC,
    Children,
    NormOf,
    Sim,
    Taint,
    TupleVal,
    Unit,
    first_sim,
)


def norm(an: AnalyzerHost, c: CallSite) -> Any:
    return an._norm(c.args[0], c.node) if c.args else NOTHING


def written_norm(an: AnalyzerHost, c: CallSite) -> Any:
    """`np.sqrt(np.sum(d ** 2, axis=1))`, `sqrt((d * d).sum(-1))`: the norm of `d`, written out."""
    target = measured_vector(c.node, an.aliases)
    return an._norm(an.eval(target, c.env), c.node) if target is not None else NOTHING


def guarded_norm(an: AnalyzerHost, c: CallSite) -> Any:
    """`np.maximum(norms, 1e-8)`, `torch.clamp(norms, min=eps)`: a norm kept off zero is still the
    norm (dividing by it normalises); so is a norm made a Python number (`float(torch.norm(x))`)."""
    return next((a for a in c.args if isinstance(a, NormOf)), NOTHING)


def norm_method(an: AnalyzerHost, c: CallSite) -> Any:
    """`norms.clamp(min=eps)`, `.clamp_min(eps)`, `.clip(eps, None)`, conversions (`.item()`): still the
    norm; a unit vector of ours converted (`unit.float()`, `.detach().cpu()`) is still one."""
    meth = c.method.attr
    for a in c.node.args:
        an.eval(a, c.env)
    kept = meth in P.NORM_GUARDS or meth in P.PROPAGATE_METHODS or meth in _RESHAPE or meth == "item"
    return c.receiver if kept else None


def normalize(an: AnalyzerHost, c: CallSite) -> Any:
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
        # `F.normalize(neuron_dirs)`: a unit vector of something we do not follow
        return Unit(base_name(c.node.args[0]) if c.node.args else "")
    return a if isinstance(a, Sim) else None


def _flip(v: Any, flag: Any) -> Any:
    """The other operand of a product, transposed when `flag` (a constant True) says so."""
    flips = isinstance(v, Taint) and (v.orient != VEC or v.kind == PARAM)  # a helper's parameter: `x.T`
    return v.flipped() if flag is True and flips else v


def dot(an: AnalyzerHost, c: CallSite) -> Any:
    """`a @ b` in every spelling: `np.inner(a, b)` / `torch.inner` is `a @ b.T`;
    `tf.matmul(a, b, transpose_b=True)` (or `adjoint_b`, and `transpose_a`) transposes first."""
    if len(c.args) == 1 and isinstance(c.node.func, ast.Attribute) and c.owner.split(".")[0] not in P.NUMERIC_LIBRARIES:
        return an._dot_sink(c.receiver, c.args[0], c.node, c.name)  # `h.matmul(W)` of an `h` we do not follow
    if len(c.args) < 2:
        return NOTHING
    a, b = c.args[0], c.args[1]
    if an._denominator and ast.unparse(c.node.args[0]) == ast.unparse(c.node.args[1]):
        return None  # `np.dot(a, a)` under a division: a squared norm, not a similarity
    if c.name == "inner":
        b = _flip(b, True)
    a = _flip(a, const(c.kw("transpose_a", "adjoint_a")))
    b = _flip(b, const(c.kw("transpose_b", "adjoint_b")))
    return an._dot_sink(a, b, c.node, c.name)


def linear(an: AnalyzerHost, c: CallSite) -> Any:
    """`F.linear(a, b)` is `a @ b.T`: a Gram matrix when `a` is label rows too. With anything else
    as `a` it is a layer's forward pass, the logits of a plain or a normalised classifier
    (`F.linear(F.normalize(x), F.normalize(self.fc.weight))`), and stays quiet."""
    if len(c.args) < 2:
        return NOTHING
    a, b = c.args[0], c.args[1]
    if not (an._labelish(a) and an._labelish(b)):
        return first_sim(a, b)
    return an._dot_sink(a, _flip(b, True), c.node, "linear")


def covariance(an: AnalyzerHost, c: CallSite) -> Any:
    """`np.cov(W)` / `torch.cov(W)`: the rows as variables, each centred over its own coordinates
    (not over the labels): their dot products, V x V. `np.cov(W.T)` is over hidden dimensions, and so
    is `np.cov(W, rowvar=False)` (the columns are the variables)."""
    first = _by_rows(c, c.args[0] if c.args else None)
    if not isinstance(first, Taint):
        return NOTHING
    return an._pair_sink("dot", [first, first], c.node, c.name, single=True, torch_style=False, dim=None)


def _contracted(axes: Any) -> tuple[int, int] | None:
    """The contracted axis of each operand of `tensordot(a, b, axes)` when one axis each is
    contracted (`axes=1`, `axes=([1], [1])`, `dims=([1], [0])`); None otherwise."""
    if isinstance(axes, ast.Constant):
        return (1, 0) if axes.value == 1 else None
    if isinstance(axes, (ast.Tuple, ast.List)) and len(axes.elts) == 2:
        pair = []
        for e in axes.elts:
            inner = e.elts if isinstance(e, (ast.Tuple, ast.List)) else [e]
            if len(inner) != 1 or not isinstance(const(inner[0]), int):
                return None
            pair.append(const(inner[0]) % 2)
        return (pair[0], pair[1])
    return None


def tensordot(an: AnalyzerHost, c: CallSite) -> Any:
    """`np.tensordot(W, W, axes=([1], [1]))` is `W @ W.T`; `axes=1` is `a @ b`; the default
    (`axes=2`, the whole matrices contracted) is one number, not a comparison of rows."""
    if len(c.args) < 2:
        return NOTHING
    axes = c.kw("axes", "dims") or (c.node.args[2] if len(c.node.args) > 2 else None)
    pair = _contracted(axes)
    if pair is None:
        return None
    a = _flip(c.args[0], pair[0] == 0)
    b = _flip(c.args[1], pair[1] == 1)
    return an._dot_sink(a, b, c.node, c.name)


def mean(an: AnalyzerHost, c: CallSite) -> Any:
    if not (isinstance(c.node.func, ast.Attribute) and c.args and isinstance(c.args[0], Taint)):
        return NOTHING
    axis = c.kw("axis", "dim") or (c.node.args[1] if len(c.node.args) > 1 else None)
    return an._mean(c.args[0], c.node, axis)


def scale(an: AnalyzerHost, c: CallSite) -> Any:
    if c.args and isinstance(c.args[0], Taint):
        return replace(c.args[0], centered=True)
    return NOTHING


def _label_rows_among(items: list[Any], concatenated: bool = False) -> Taint | None:
    """Two or more single label rows of one head stacked with other vectors (`torch.stack([w_out,
    W_U[:, a], W_U[:, an]])`), or a head's rows concatenated with other rows (`torch.cat([cls_rows,
    reg_rows])`): a product of the stack with itself compares those rows, so the stack is a
    selection of rows."""
    rows = [t for t in items if isinstance(t, Taint) and t.kind == LABEL and t.orient == VEC]
    if len(rows) >= 2 and len({t.source for t in rows}) == 1:
        return replace(rows[0], orient=SEL)
    if not concatenated:
        return None  # `torch.stack([W, M])` puts whole matrices on a new axis: `[0]` is W, not a row
    block = next((t for t in items if isinstance(t, Taint) and t.kind == LABEL and t.orient in (ROWS, SEL)), None)
    return replace(block, orient=SEL) if block is not None else None


def _augmented_rows(items: list[Any]) -> Taint | None:
    """`torch.cat((W, b[:, None]), dim=1)`, `np.hstack([W, b[:, None]])`: label rows with more
    features (the bias as a last coordinate) are still label rows."""
    return next((t for t in items if isinstance(t, Taint) and t.kind == LABEL and t.orient == ROWS), None)


def stack(an: AnalyzerHost, c: CallSite) -> Any:
    if not c.args:
        return NOTHING
    first = c.args[0]
    items = first.items if isinstance(first, TupleVal) else [first]
    axis = c.const_arg(1, "dim", "axis")
    if (c.name in ("hstack", "column_stack") or (c.name != "stack" and axis in (1, -1))) and len(items) > 1:
        return _augmented_rows(items)
    taints = [t for t in items if isinstance(t, Taint)]
    if taints and len(taints) == len(items):
        roots = {t.root for t in taints}
        return replace(taints[0], orient=SEL, root=roots.pop() if len(roots) == 1 else None)
    if isinstance(first, Taint):
        return first
    return _label_rows_among(items, c.name != "stack") or stacked_similarities(an, c, items)


def propagate(an: AnalyzerHost, c: CallSite) -> Any:
    if not c.args:
        return NOTHING
    a = c.args[0]
    if isinstance(a, TupleVal):
        taints = [t for t in a.items if isinstance(t, Taint)]
        if taints and len(taints) == len(a.items):
            return replace(taints[0], orient=SEL)
        return _label_rows_among(a.items) or stacked_similarities(an, c, a.items)
    return a if isinstance(a, (Taint, Sim)) else None


def select_rows(an: AnalyzerHost, c: CallSite) -> Any:
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


def corrcoef(an: AnalyzerHost, c: CallSite) -> Any:
    """`np.corrcoef(W)` / `np.corrcoef(W[a], W[b])` on label rows: a Pearson correlation over the
    hidden dimensions, i.e. a cosine after centering each row — not over labels, so no help."""
    taints = [a for a in c.args[:2] if isinstance(a, Taint)]
    if not taints:
        return NOTHING  # a correlation of other things (behaviour): see uses.fallback
    first = _by_rows(c, c.args[0])
    other = _by_rows(c, c.args[1]) if len(c.args) > 1 else first
    return an._pair_sink(
        "cosine", [first, other], c.node, "corrcoef", single=len(c.args) == 1, torch_style=False, dim=None
    )


def _by_rows(c: CallSite, v: Any) -> Any:
    """An operand of `np.cov` / `np.corrcoef` as rows of variables: with `rowvar=False` the columns
    are the variables, as if the matrix were transposed (a feature covariance over the labels)."""
    return _flip(v, True) if const(c.kw("rowvar")) is False else v


def transpose(an: AnalyzerHost, c: CallSite) -> Any:
    """`np.transpose(W)`, `jnp.transpose(W, (1, 0))`, `torch.transpose(W, 0, 1)`, `torch.t(W)`:
    the label matrix, the other way round."""
    first = c.args[0] if c.args else None
    return first.flipped() if isinstance(first, Taint) else NOTHING


def divide(an: AnalyzerHost, c: CallSite) -> Any:
    """`torch.div(W, W.norm(...))`, `np.divide`, `tf.math.divide`: like `/`."""
    if len(c.node.args) < 2:
        return NOTHING
    return an.divided(c.args[0], c.node.args[0], c.node.args[1], c.env, c.args[1])


def reciprocal(an: AnalyzerHost, c: CallSite) -> Any:
    """`torch.reciprocal(norms)`: multiplying by it normalises."""
    first = c.args[0] if c.args else None
    return NormOf(first.taint, inverse=True) if isinstance(first, NormOf) else NOTHING


def multiply(an: AnalyzerHost, c: CallSite) -> Any:
    """`np.multiply(w_a, w_b)`, `tf.multiply`, `torch.mul`: the elementwise product (see `*`)."""
    if len(c.args) < 2:
        return NOTHING
    product = an.elementwise(c.args[0], c.args[1], c.node)
    return product if product is not None else first_sim(*c.args[:2])


def _summed_rows(t: Any, axis: Any) -> Taint | None:
    """`W[ids].sum(0)`: the sum of some label rows, one vector (compared like a row)."""
    if isinstance(t, Taint) and t.kind == LABEL and t.orient == SEL and axis in (0, -2):
        return replace(t, orient=VEC)
    return None


def row_sum(an: AnalyzerHost, c: CallSite) -> Any:
    axis = c.const_arg(1, "axis", "dim")
    summed = c.args[0] if c.args else None
    if _unit_rows(summed):
        lens = rows_against_unknown(an, c.node.args[0], axis, c.env)
        if lens is not None:
            return lens
    out = _summed_rows(summed, axis)
    return NOTHING if out is None else out


def _unit_rows(value: Any) -> bool:
    """Unit label rows (what `Wn * v` evaluates to when `v` is not followed)."""
    return isinstance(value, Taint) and value.kind == LABEL and value.normalized and value.orient in (ROWS, COLS)


def rows_against_unknown(an: AnalyzerHost, product: ast.AST | None, axis: Any, env: dict[str, Any]) -> Any:
    """`np.sum(Wn * carriers, axis=1)`, `(Wn * v).sum(-1)`: unit label rows times vectors we do not
    follow, summed over the hidden axis, are each row's dot product with its vector, a cosine lens as
    `Wn @ v.T` is. A constant factor is no vector; unnormalised rows give logits."""
    if not (isinstance(product, ast.BinOp) and isinstance(product.op, ast.Mult) and isinstance(axis, int)):
        return None
    for side, other in ((product.left, product.right), (product.right, product.left)):
        t = an.eval(side, env)
        if not _unit_rows(t):
            continue
        ndim, hidden, _ = t.shape()
        if isinstance(other, ast.Constant) or an.eval(other, env) is not None or axis % ndim != hidden:
            continue
        a, b = (t, None) if t.orient == ROWS else (None, t)
        return an._dot_sink(a, b, product, "elementwise product summed over the hidden axis")
    return None


def unsqueeze(t: Taint, dim: Any) -> Taint:
    """`W.unsqueeze(1)`, `torch.unsqueeze(W, 0)`: a new axis; the hidden axis moves past it or not."""
    ndim, hidden, label = t.shape()
    if not isinstance(dim, int):
        return replace(t, axes=None)
    k = dim + ndim + 1 if dim < 0 else dim
    return replace(t, axes=(ndim + 1, hidden + (k <= hidden), label + (k <= label)))


def unsqueeze_call(an: AnalyzerHost, c: CallSite) -> Any:
    first = c.args[0] if c.args else None
    if isinstance(first, Taint) and first.orient != VEC:
        return unsqueeze(first, c.const_arg(1, "dim", "axis"))
    return NOTHING


FUNCTIONS: dict[str, Handler] = {
    **table(corrcoef, "corrcoef"),
    **table(transpose, *P.TRANSPOSE_METHODS),
    **table(norm, *P.NORM_CALLS),
    **table(written_norm, "sqrt"),
    **table(normalize, *P.NORMALIZE_CALLS),
    **table(dot, *(P.DOT_CALLS - {"einsum", "tensordot"}), "matvec"),
    **table(tensordot, "tensordot"),
    **table(mean, "mean"),
    **table(scale, "scale"),
    **table(stack, *P.STACK_CALLS, "hstack", "column_stack"),
    **table(propagate, *P.PROPAGATE_CALLS, "DataFrame"),
    **table(select_rows, "index_select", "gather", "take", "embedding"),
    **table(guarded_norm, *P.NORM_GUARDS, "float"),
    **table(unsqueeze_call, "unsqueeze", "expand_dims"),
    **table(multiply, "multiply", "mul"),
    **table(row_sum, "sum"),
    **table(divide, "div", "divide", "true_divide"),
    **table(reciprocal, "reciprocal"),
    **table(linear, "linear"),
    **table(covariance, "cov"),
}

_RESHAPE = {"reshape", "view", "unsqueeze", "expand", "expand_as", "flatten", "ravel", "repeat"}
_DIVIDE = {"div", "divide", "true_divide", "div_", "__truediv__"}


def _flattened(meth: str, c: CallSite) -> bool:
    """`x.flatten()`, `x.ravel()`, `x.reshape(-1)`, `x.view(-1)`: one long vector."""
    if meth in ("flatten", "ravel"):
        return not c.node.args and not c.node.keywords
    return meth in ("reshape", "view") and len(c.node.args) == 1 and const(c.node.args[0]) == -1


def _label_axis_squeezed(t: Taint, meth: str, c: CallSite) -> bool:
    """`W.squeeze(0)` / `W.squeeze()` of a whole weight: its label axis has size one (squeeze leaves an
    axis of any other size alone, and a hidden axis is never of size one)."""
    if meth != "squeeze" or t.kind != LABEL or t.orient not in (ROWS, COLS) or t.axes is not None:
        return False
    if not c.node.args and not c.node.keywords:
        return True
    axis = c.const_arg(0, "dim", "axis")
    return axis in ((0, -2) if t.orient == ROWS else (1, -1))


def _shaped(an: AnalyzerHost, t: Taint, meth: str, c: CallSite) -> Any:
    """Views and conversions of label rows: new axes, transposes, a sum of some rows, `renorm`; a sum
    over the hidden axis of unit rows times unfollowed vectors is a cosine lens (`rows_against_unknown`)."""
    if meth == "unsqueeze" and t.orient != VEC:
        return unsqueeze(t, c.const_arg(0, "dim"))
    if _flattened(meth, c) and t.orient != VEC:
        return None  # the whole matrix as one vector (`sd["linear.weight"].flatten()`): no label's row
    if _label_axis_squeezed(t, meth, c):
        return None  # a layer of one output (`probe.linear.weight.squeeze(0)`): a binary probe, no softmax head
    if meth in P.PROPAGATE_METHODS or meth in _RESHAPE:
        return t
    if meth in P.TRANSPOSE_METHODS:
        return t.flipped()
    if meth == "sum":
        axis = c.const_arg(0, "dim", "axis")
        lens = rows_against_unknown(an, c.method.value, axis, c.env) if _unit_rows(t) else None
        return lens or _summed_rows(t, axis)
    if meth == "renorm":
        return replace(t, normalized=True)  # `W.renorm(2, 0, 1)`: rows of norm at most 1
    return None


def taint_method(an: AnalyzerHost, c: CallSite) -> Any:
    """Methods of label rows: `W.T`-like transposes, conversions, `.mean`, `.norm`, `.sub`,
    `.div` (in place with `div_`), products, `.index_select`."""
    t: Taint = c.receiver
    node, meth = c.node, c.method.attr
    if t.kind == PARAM and meth in ("modules", "children") and not node.args:
        path = access_path(c.method.value)
        return Children(path) if path else None  # `model.modules()` of a helper's `model` parameter
    args = [an.eval(a, c.env) for a in node.args]
    shaped = _shaped(an, t, meth, c)
    if shaped is not None:
        return shaped
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
            an._rebind(c.method.value, out, c.env)
        return out
    if meth == "corr" and t.kind == LABEL and t.orient == COLS:
        # `pd.DataFrame(W.T).corr()`: correlations between the columns, here the labels
        rows = t.flipped()
        return an._pair_sink("cosine", [rows, rows], node, "corr", single=True, torch_style=False, dim=None)
    if meth in P.DOT_CALLS and args:
        return an._dot_sink(t, _flip(args[0], meth == "inner"), node, meth)
    if meth in ("index_select", "gather", "take") and len(args) > 1:
        return replace(t, orient=SEL)
    return None
