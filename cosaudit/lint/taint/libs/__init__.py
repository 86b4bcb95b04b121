"""Handler tables, one module per library; merged here for the dispatcher in `calls.py`.

- `CONSTRUCTORS`: calls that make an object we follow (a probe, a FAISS index, a TransformerLens
  model, `nn.CosineSimilarity`); run before the arguments are evaluated.
- `FUNCTIONS`: library functions by name; run with the arguments evaluated.
- `method`: methods, by the type of the receiver's value.
"""

from __future__ import annotations

import ast
from dataclasses import replace
from typing import Any

from cosaudit.lint.taint.host import AnalyzerHost
from cosaudit.lint.taint.libs import (
    ann,
    arrays,
    cosine,
    einsum,
    faiss,
    layers,
    modules,
    pairs,
    sklearn_scipy,
    transformer_lens,
    uses,
)
from cosaudit.lint.taint.libs.common import CallSite, Handler
from cosaudit.lint.taint.values import (
    NOTHING,
    FaissIndex,
    ForeignObject,
    HeadModule,
    ModelObj,
    NormOf,
    ParamName,
    Sim,
    SinkFn,
    Taint,
    Unit,
)

CONSTRUCTORS: dict[str, Handler] = {
    **sklearn_scipy.CONSTRUCTORS,
    **transformer_lens.CONSTRUCTORS,
    **cosine.CONSTRUCTORS,
    **faiss.CONSTRUCTORS,
    **ann.CONSTRUCTORS,
    **modules.CONSTRUCTORS,
}
FUNCTIONS: dict[str, Handler] = {
    **arrays.FUNCTIONS,
    **sklearn_scipy.FUNCTIONS,
    **transformer_lens.FUNCTIONS,
    **einsum.FUNCTIONS,
    **modules.FUNCTIONS,
    **pairs.FUNCTIONS,
    **layers.FUNCTIONS,
    **ann.FUNCTIONS,
    **cosine.FUNCTIONS,  # last: `cosine_similarity` of any library
}
OBSERVERS = (uses.observe_strings,)
fallback = uses.fallback



def _model_method(an: AnalyzerHost, c: CallSite) -> Any:
    out = transformer_lens.model_method(an, c)
    return sklearn_scipy.fitted_method(an, c) if out is NOTHING else out


def _name_method(an: AnalyzerHost, c: CallSite) -> Any:
    """`kl = key.lower()` of a parameter's name: a test on `kl` names the tensor `key` fetches."""
    if c.method.attr in ("lower", "casefold", "strip") and isinstance(c.method.value, ast.Name):
        return replace(c.receiver, name_var=c.receiver.name_var or c.method.value.id)
    return NOTHING


_METHODS: list[tuple[type, Handler]] = [
    (SinkFn, sklearn_scipy.estimator_method),
    (ModelObj, _model_method),
    (FaissIndex, faiss.index_method),
    (ann.VectorIndex, ann.index_method),
    (HeadModule, modules.head_method),
    (ForeignObject, modules.foreign_method),
    (ParamName, _name_method),
    (Sim, uses.sim_method),
    (Taint, arrays.taint_method),
    (NormOf, arrays.norm_method),
    (Unit, arrays.norm_method),
]


def method(an: AnalyzerHost, c: CallSite) -> Any:
    """`x.meth(...)` by the type of x's value; NOTHING when no rule applies."""
    out = modules.session_run(an, c)  # whatever the session's value (a parameter, an object)
    if out is not NOTHING:
        return out
    for kind, handler in _METHODS:
        if isinstance(c.receiver, kind):
            return handler(an, c)
    return uses.collect_method(an, c)
