"""Cosine functions: `torch.nn.functional.cosine_similarity` / `torch.cosine_similarity` (with
their `dim`), `nn.CosineSimilarity` objects, sklearn's and sentence-transformers' pairwise
cosines, and scipy's `cosine` distance."""

from __future__ import annotations

from typing import Any

from cosaudit.lint import patterns as P
from cosaudit.lint.taint.host import AnalyzerHost
from cosaudit.lint.taint.libs.common import CallSite, Handler, table
from cosaudit.lint.taint.syntax import const
from cosaudit.lint.taint.values import NOTHING, Sim, SinkFn

_TORCH_OWNERS = ("F", "torch", "torch.nn.functional", "nn.functional", "functional")


def cosine_similarity(an: AnalyzerHost, c: CallSite) -> Any:
    dim_node = c.kw("dim", "axis")
    if dim_node is None and len(c.node.args) > 2:
        dim_node = c.node.args[2]
    torch_style = c.owner in _TORCH_OWNERS or (c.name == "cosine_similarity" and dim_node is not None)
    dim = const(dim_node) if dim_node is not None else None
    args = c.args
    if not args:
        return None
    if len(args) == 1 or (len(args) >= 2 and args[1] is None and len(c.node.args) < 2):
        return an._cosine_sink([args[0], args[0]], c.node, dim, torch_style=False, what=c.name, single=True)
    return an._cosine_sink(args[:2], c.node, dim, torch_style=torch_style, what=c.name)


def scipy_cosine(an: AnalyzerHost, c: CallSite) -> Any:
    if len(c.args) != 2:
        return NOTHING
    return an._cosine_sink(c.args, c.node, None, torch_style=False, what="scipy cosine")


def two_argument_cos(an: AnalyzerHost, c: CallSite) -> Any:
    """`utils.cos(x, y)` of a user's helper library (neel's `nutils.cos`): two arguments make it the
    cosine over the last axis; the numeric libraries' `cos` is the elementwise cosine of one angle."""
    if len(c.node.args) != 2 or c.owner.split(".")[0] in P.NUMERIC_LIBRARIES or not c.owner:
        return NOTHING
    return an._cosine_sink(c.args[:2], c.node, -1, torch_style=True, what=f"{c.owner}.cos")


def cosine_module(an: AnalyzerHost, c: CallSite) -> Any:
    """`nn.CosineSimilarity(dim=0)`, `tf.keras.losses.CosineSimilarity(axis=-1)` (Keras' default
    axis is the last): a callable that computes a cosine when applied."""
    dim_node = c.kw("dim", "axis")
    if dim_node is not None:
        dim = const(dim_node)
    elif "keras" in c.owner:
        dim = -1
    else:
        dim = const(c.node.args[0]) if c.node.args else 1
    return SinkFn("cosine", dim)


def angle(an: AnalyzerHost, c: CallSite) -> Any:
    """`acos(cos)`, `degrees(...)`: an angle carries the similarity on."""
    return c.args[0] if c.args and isinstance(c.args[0], Sim) else NOTHING


CONSTRUCTORS: dict[str, Handler] = table(cosine_module, "CosineSimilarity")
FUNCTIONS: dict[str, Handler] = {
    **table(cosine_similarity, *P.COSINE_CALLS, "paired_cosine_distances"),
    **table(scipy_cosine, "cosine"),
    **table(two_argument_cos, "cos"),
    **table(angle, *P.ANGLE_CALLS),
}
