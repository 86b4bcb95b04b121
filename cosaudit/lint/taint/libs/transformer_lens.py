"""TransformerLens: `HookedTransformer.from_pretrained` (centers `W_U` by default,
`center_unembed=True`, and folds the final LayerNorm's gain into it, `fold_ln=True`),
`from_pretrained_no_processing`, `tokens_to_residual_directions`.

The loader's centring is recorded as `loader_centered`, not as a centring by the code: it does not
show that the author knows about the translation ambiguity, and the folded gain (a per-dimension
rescaling) changes even centred cosines."""

from __future__ import annotations

import ast
from typing import Any

from cosaudit.lint.taint.host import AnalyzerHost
from cosaudit.lint.taint.libs.common import CallSite, Handler, table
from cosaudit.lint.taint.syntax import access_path, root_of
from cosaudit.lint.taint.values import LABEL, NOTHING, SEL, VEC, ModelObj, Taint


def from_pretrained(an: AnalyzerHost, c: CallSite) -> Any:
    func = c.node.func
    if not (isinstance(func, ast.Attribute) and "Hooked" in (access_path(func.value) or "")):
        return NOTHING
    center = c.kw("center_unembed")
    off = isinstance(center, ast.Constant) and center.value is False
    return ModelObj(loader_centered=c.name == "from_pretrained" and not off)


def hooked(an: AnalyzerHost, c: CallSite) -> Any:
    return ModelObj()


def residual_directions(an: AnalyzerHost, c: CallSite) -> Any:
    model = c.receiver if isinstance(c.receiver, ModelObj) else None
    func = c.node.func
    root = root_of(access_path(func) or "") if isinstance(func, ast.Attribute) else None
    loader = bool(model and model.loader_centered)
    return Taint(LABEL, _directions_shape(c.node), loader_centered=loader, root=root, source=c.name)


def _directions_shape(call: ast.Call) -> str:
    """One head row for one token (`" gen"`, an id); a row per token for several (a list of them,
    `model.to_tokens(" dog cat")[0]`), which TransformerLens returns as a `[pos, d_model]` matrix."""
    arg = call.args[0] if call.args else None
    if isinstance(arg, (ast.List, ast.Tuple)) and len(arg.elts) > 1:
        return SEL
    inner = arg.value if isinstance(arg, ast.Subscript) else arg
    if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute) and inner.func.attr == "to_tokens":
        return SEL
    return VEC


CONSTRUCTORS: dict[str, Handler] = {
    **table(from_pretrained, "from_pretrained", "from_pretrained_no_processing"),
    **table(hooked, "HookedTransformer", "HookedSAETransformer"),
}
FUNCTIONS: dict[str, Handler] = table(residual_directions, "tokens_to_residual_directions")


def model_method(an: AnalyzerHost, c: CallSite) -> Any:
    obj: ModelObj = c.receiver
    meth = c.method.attr
    if meth == "tokens_to_residual_directions":
        return Taint(LABEL, _directions_shape(c.node), loader_centered=obj.loader_centered, source=meth)
    return NOTHING
