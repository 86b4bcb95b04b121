"""Similarity sinks: where two label representations (or one vector and all rows) meet."""

from __future__ import annotations

import ast
import re
from collections.abc import Collection
from dataclasses import replace
from typing import Any

from cosaudit.lint.taint.host import AnalyzerHost
from cosaudit.lint.taint.names import match_source
from cosaudit.lint.taint.syntax import ARRAY_MODULES
from cosaudit.lint.taint.values import (
    COLS,
    DIFF,
    INPUT,
    LABEL,
    MEAN,
    PARAM,
    ROWS,
    SEL,
    VEC,
    Derived,
    NormOf,
    Sim,
    Taint,
    Unit,
    first_sim,
    label_axis_ok_torch,
    product_kind,
    unfollowed_vector,
)

# class means / centroids / prototypes (neural-collapse code compares classifier rows with them)
# ... but an LM's average hidden state (`mean_state`, `mean_resid`) is no class's mean
_LM_AVERAGE = re.compile(r"state|hidden|resid|activation", re.I)
_CLASS_WORD = re.compile(r"class|cls", re.I)
_MEAN_NAME = re.compile(r"mean|centroid|proto|^mus?$|^mu_|_mu$", re.I)
_MEAN_MATRIX = re.compile(r"^M(_\w*)?$")


def mean_named(name: str) -> bool:
    """Is a variable named for class means (`class_means`, `mu_c`, `M`, `centroids`, `prototypes`)?"""
    if _LM_AVERAGE.search(name) and not _CLASS_WORD.search(name):
        return False
    return bool(_MEAN_NAME.search(name) or _MEAN_MATRIX.match(name))


def against_class_means(node: ast.AST, head_names: Collection[str] = ()) -> bool:
    """Does the call or product at `node` take class means as its other operand? A name bound to the
    head's own rows (`prototypes = F.normalize(model.classifier.weight)`, `head_names`) is not one."""
    if isinstance(node, ast.BinOp):
        operands: list[ast.AST] = [node.left, node.right]
    elif isinstance(node, ast.Call):
        operands = list(node.args)
    else:
        return False
    for op in operands:
        averages = _plain_averages(op)
        for sub in ast.walk(op):
            name = sub.id if isinstance(sub, ast.Name) else sub.attr if isinstance(sub, ast.Attribute) else ""
            if name and name not in head_names and id(sub) not in averages and mean_named(name):
                return True
    return False


def _plain_averages(node: ast.AST) -> set[int]:
    """The `.mean` of each average taken over a whole tensor (`prefix.mean(0)`, `np.mean(v, 0)`): one
    vector, not a class mean, which is taken over the samples of one class (`H[y == c].mean(0)`)."""
    plain = set()
    for call in ast.walk(node):
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)):
            continue
        if call.func.attr in ("mean", "nanmean"):
            base = call.func.value
            if isinstance(base, ast.Name) and base.id in ARRAY_MODULES:
                base = call.args[0] if call.args else base
            if not isinstance(base, ast.Subscript) or _sliced(base):
                plain.add(id(call.func))
    return plain


def _sliced(sub: ast.Subscript) -> bool:
    """`hs[:200, None, :]`: slices and new axes pick samples by position, not a class's samples by
    their labels (`H[y == c]`, `feats[idx]`, `per_class[3]`)."""
    elts = sub.slice.elts if isinstance(sub.slice, ast.Tuple) else [sub.slice]
    return all(isinstance(e, ast.Slice) or (isinstance(e, ast.Constant) and e.value in (None, Ellipsis)) for e in elts)


def as_row(value: Any) -> Any:
    """The average (or sum) of some label rows (`W[tok.encode(" New York")].mean(0)`) compared with
    something: a label vector like a row (it moves with the head's translation as the rows do)."""
    if isinstance(value, Taint) and value.kind == MEAN and value.row:
        orient = value.orient if value.orient in (SEL, VEC) else VEC  # several averages stacked: SEL
        return replace(value, kind=LABEL, orient=orient, mean_ok=False, row=False)
    return value


# the attention weights of a transformer (TransformerLens' names) and the SVD factors of their circuits
_CIRCUIT_WEIGHT = re.compile(r"\b(?:W_[QKVO]|W_QK|W_OV|b_[QKVO]|QK|OV)\b|\b(?:W_QK|W_OV|QK|OV)\w*\.(?:U|Vh|S)\b")


def _circuit(node: ast.AST) -> bool:
    """A product taken through the attention weights (`W_E @ W_Q @ W_K.T @ W_E.T`, a singular vector of
    `W_QK`): the model's own QK / OV circuit, not one vector ranked by cosine against the rows."""
    return bool(_CIRCUIT_WEIGHT.search(ast.unparse(node)))


def probe_vector(value: Any) -> bool:
    """Can `value` be the one vector ranked against every label row: anything we do not follow, an
    analogy / difference of rows (`W[b] - W[a] + W[c]`), or a product of a helper's own parameters
    (`hidden @ transport.T`: a mapped hidden state unless both turn out to be label rows at a call)?"""
    if isinstance(value, Sim):
        return value.event.pending and all(t.kind == PARAM for t in value.event.operands)
    return unfollowed_vector(value) or (isinstance(value, Taint) and value.kind == DIFF and value.orient == VEC)


def whole_parameter(value: Any) -> bool:
    """What a function is given, whole (`pseudo_labels`, `x` of `forward(self, x)`): not one row of it."""
    return isinstance(value, Taint) and value.kind == PARAM and value.orient == VEC and not value.row


def _pooled_against_input(a: Any, b: Any) -> Taint | None:
    """Unit prototypes pooled from the head's rows (`Taint.pooled`) against what a method is given (`z @
    normalize(templates, dim=0)` in T3A's `forward(self, x)`): every prototype ranked by the input, not a
    comparison left to each call (the input of a pass is a state, not label rows)."""
    for t, other in ((a, b), (b, a)):
        if isinstance(t, Taint) and t.pooled and t.normalized and t.orient in (ROWS, COLS) and whole_parameter(other):
            return t
    return None


def one_label_row(t: Taint) -> bool:
    """One row of the head (`W_U[:, tok]`, `tokens_to_residual_directions(" gen")`) as the other side
    of a cosine: vectors ranked by their cosine with one label's representation (the row's norm and
    direction move with a translation of the head; a projection on it, or a steering by it, is no cosine)."""
    return t.kind == LABEL and t.orient == VEC and t.confidence == "high"  # a head named as such, not guessed


def unit_against_rows(t: Any, other: Any) -> bool:
    """A unit vector of ours against unit label rows (one, or all): their cosines; not a classifier row
    against its own unit class mean (NC3)."""
    return (
        isinstance(other, Unit)
        and isinstance(t, Taint)
        and t.kind == LABEL
        and t.normalized
        and not _MEAN_NAME.search(other.source)
    )


class SinkRules(AnalyzerHost):
    """Mixin of the analyser: where label representations meet, and what follows a result."""

    def _derive(self, sim: Sim, kind: str, node: ast.AST, what: str) -> None:
        pos = self._pos(node)
        for event in sim.events:
            if not any(d.pos == pos and d.kind == kind for d in event.derived):
                event.derived.append(Derived(kind, pos, what))

    def _norm(self, value: Any, node: ast.Call) -> Any:
        value = as_row(value)  # the norm of a centroid of some rows (`np.linalg.norm(centroid)`)
        if isinstance(value, Taint) and value.kind in (LABEL, INPUT, PARAM):
            return NormOf(value)
        if self._denominator:
            return None
        if isinstance(value, Taint) and value.kind == DIFF and value.param is not None:
            # decided at each call: given unit rows, the distances are functions of their cosines
            row = Taint(PARAM, VEC, param=value.param, row=True, source=value.source)
            distances = self._sink("euclid", row, row, node, "norm of a difference")
            distances.event.needs_unit_rows = True
            return distances
        if isinstance(value, Taint) and value.kind == DIFF and value.source and value.orient in (VEC, SEL, ROWS):
            # the distance between two unit rows is a function of their cosine (of a token table's rows too)
            found = match_source(value.source)
            rows = INPUT if found is not None and found[0] == INPUT else LABEL
            a = Taint(rows, VEC, root=value.root, source=value.source, normalized=value.normalized)
            kind = "cosine" if value.normalized else "euclid"
            return self._sink(kind, a, a, node, "norm of a difference")
        if isinstance(value, Sim):
            return value
        return None

    def _ranked(self, rows: Taint, probe: Any, node: ast.AST, what: str) -> Sim:
        """Every row ranked by cosine against one vector (an analogy's target, say)."""
        if rows.pooled:
            what = f"{what}, against class prototypes pooled from the rows"
        sim = self._sink("cosine", rows, None, node, what)
        sim.event.analogy = isinstance(probe, Taint) and probe.analogy
        return sim

    def _labelish(self, t: Any) -> bool:
        return isinstance(t, Taint) and t.kind in (LABEL, INPUT, PARAM)

    def _cosine_sink(
        self,
        args: list[Any],
        node: ast.AST,
        dim: Any,
        *,
        torch_style: bool,
        what: str,
        single: bool = False,
    ) -> Any:
        if len(args) < 2:
            return None
        a, b = args[0], args[1]
        return self._pair_sink(
            "cosine", [a, b], node, what, single=single, torch_style=torch_style, dim=dim
        )

    def _pair_sink(
        self,
        kind: str,
        args: list[Any],
        node: ast.AST,
        what: str,
        *,
        single: bool,
        torch_style: bool,
        dim: Any,
    ) -> Any:
        a, b = as_row(args[0]), as_row(args[1])

        def axis_ok(t: Taint) -> bool:
            if torch_style:
                return label_axis_ok_torch(t, dim)
            if single:
                # one argument is a matrix: label rows, or a head whose layout is unknown (VEC)
                return t.orient in (ROWS, SEL, VEC) or t.kind == PARAM
            return t.orient in (ROWS, SEL, VEC) or t.kind == PARAM

        la = self._labelish(a) and axis_ok(a)
        lb = self._labelish(b) and axis_ok(b)
        if la and lb:
            if kind == "euclid" and a.normalized and b.normalized:
                kind = "cosine"  # the distance between unit rows is a function of their cosine
            return self._sink(kind, a, b, node, what)
        for t, other in ((a, b), (b, a)):
            if (
                self._labelish(t)
                and axis_ok(t)
                and probe_vector(other)
                and (t.orient in (ROWS, COLS, SEL) or one_label_row(t))
                and kind == "cosine"
                and not against_class_means(node, self.head_names)
            ):
                return self._ranked(t, other, node, what)
        return first_sim(a, b)

    def _dot_sink(self, a: Any, b: Any, node: ast.AST, what: str) -> Any:
        a, b = as_row(a), as_row(b)
        pooled = _pooled_against_input(a, b)
        if pooled is not None:
            return self._ranked(pooled, None, node, what)
        left = self._labelish(a) and a.orient in (ROWS, SEL, VEC)
        right = self._labelish(b) and b.orient in (COLS, VEC)
        if left and right:
            return self._sink(product_kind(a, b), a, b, node, what)
        # one vector (any, or an analogy / difference of rows) ranked against every label row: a
        # cosine lens only if the rows were normalised (unnormalised, it is a logit (difference))
        for t, ok, other in ((a, left, b), (b, right, a)):
            ranking = ok and probe_vector(other) and t.orient in (ROWS, COLS, SEL) and t.normalized
            one_row = ok and unit_against_rows(t, other)
            if (ranking or one_row) and not against_class_means(node, self.head_names) and not _circuit(node):
                return self._ranked(t, other, node, what)
        for t, other in ((a, b), (b, a)):
            unit_param = isinstance(t, Taint) and t.kind == PARAM and t.normalized and not t.row
            if unit_param and probe_vector(other):
                # `gt / norm(gt) @ (learned / norm(learned)).T` in a helper: unit vectors we do not follow
                # against the unit rows it is given, a lens decided at each call by those rows
                return self._sink("cosine", t, None, node, what)
            if isinstance(t, Taint) and t.kind == PARAM and isinstance(other, Unit):
                # `F.normalize(h) @ rows.T` in a helper: decided at each call by the rows it is given
                sim: Sim = self._sink("dot", t, None, node, what)
                sim.event.needs_unit_rows = True
                return sim
        return first_sim(a, b)
