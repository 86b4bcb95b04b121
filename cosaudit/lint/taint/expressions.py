"""Expressions: names, attributes, containers and arithmetic (subscripts are `indexing.py`)."""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from typing import Any

from cosaudit.lint import patterns as P
from cosaudit.lint.taint.arithmetic import ArithmeticRules
from cosaudit.lint.taint.indexing import IndexingRules
from cosaudit.lint.taint.names import head_module_path, match_source, token_table
from cosaudit.lint.taint.syntax import access_path, const, root_of
from cosaudit.lint.taint.values import (
    COLS,
    INPUT,
    LABEL,
    MEAN,
    PARAM,
    ROWS,
    SEL,
    VEC,
    DictVal,
    FuncInfo,
    HeadModule,
    ModelObj,
    Sim,
    Taint,
    TupleVal,
    riskier,
)


def _label_matrix(v: Any) -> bool:
    return isinstance(v, Taint) and v.kind == LABEL and v.orient in (ROWS, COLS)


def _source_confidence(path: str) -> str:
    """High for a head named by its access path (`model.fc.weight`); medium for a bare name, the
    last of a model's layers (`children()[-1]`) or a TF variable named by scope (`fc2/weights`)."""
    return "high" if "." in path and "children()" not in path and "/" not in path else "medium"


class ExpressionRules(IndexingRules, ArithmeticRules):
    """Mixin of the analyser: names, attributes, subscripts, containers and arithmetic."""

    def _source_taint(self, path: str, env: dict[str, Any]) -> Taint | None:
        found = match_source(path)
        if found is None and not path.endswith(".weight"):
            table = token_table(path)
            if table is not None:
                return table
        if found is None:
            by_role = self.roles.layer(path) or self.role_value(path, None)  # `libs/layers.py`
            if isinstance(by_role, Taint):
                return by_role
            if _LOADED_MATRIX.search(path) and self.token_rows:
                # `load_file(p)["W"]` in code that calls the rows of what it loaded tokens
                return Taint(LABEL, ROWS, root=root_of(path), source=path, confidence="medium")
            return None
        kind, orient = found
        root = root_of(path)
        obj = env.get(root) if root else None
        loader = isinstance(obj, ModelObj) and obj.loader_centered and (orient == COLS or "W_U" in path)
        return Taint(
            kind,
            orient,
            loader_centered=loader,
            root=root,
            source=path,
            confidence=_source_confidence(path),
        )

    def _e_Name(self, node: ast.Name, env: dict[str, Any]) -> Any:
        if node.id in env:
            return self.role_value(node.id, env[node.id])
        if not P.ANY_NAME_HINT.match(node.id):
            return self.role_value(node.id, None)
        for pat, orient in P.NAME_HINTS:
            if pat.match(node.id):
                return Taint(LABEL, orient, confidence="medium", source=node.id)
        return None

    def _e_Constant(self, node: ast.Constant, env: dict[str, Any]) -> Any:
        return None

    def _e_Attribute(self, node: ast.Attribute, env: dict[str, Any]) -> Any:
        path = access_path(node)
        if path is not None:
            if path in env:
                held = env[path]
                if isinstance(held, FuncInfo) and held.getter:  # `self.normed_embeddings` of a `@property`
                    return self._call_user_function(held, ast.copy_location(ast.Call(node, [], []), node), env)
                return self.role_value(path, held)
            src = self._source_taint(path, env)
            if src is not None:
                return src
        base = self.eval(node.value, env)
        if isinstance(base, Taint) and base.kind == PARAM and path is not None and head_module_path(path):
            return HeadModule(path)  # `model.fc` of a function's `model` parameter
        unknown = base is None or (isinstance(base, Taint) and base.kind == PARAM and not base.row)
        hinted = _hinted_attribute(node.attr, path) if unknown and path is not None else None
        if hinted is not None:
            return hinted
        if isinstance(base, Taint):
            return _taint_attribute(base, node.attr)
        if isinstance(base, Sim):
            return base
        if isinstance(base, HeadModule) and node.attr in ("weight", "kernel"):
            return self._head_matrix(base, node.attr, env)
        if isinstance(base, ModelObj):
            return self._model_attribute(base, node.attr, path)
        if path is not None and head_module_path(path):
            return HeadModule(path)
        return None

    @staticmethod
    def _model_attribute(base: ModelObj, attr: str, path: str | None) -> Any:
        if base.probe and attr == "coef_":
            # multinomial L2-penalised coefficients sum to zero over classes: already centered
            return Taint(LABEL, ROWS, centered=base.coef_centered, root=base.root, source="coef_")
        if attr == "W_U":
            return Taint(LABEL, COLS, loader_centered=base.loader_centered, root=base.root, source=path or "W_U")
        if attr == "W_E":
            return Taint(INPUT, ROWS, root=base.root, source=path or "W_E")
        return base if attr in ("unembed", "model") else None

    def _e_Tuple(self, node: ast.Tuple | ast.List, env: dict[str, Any]) -> Any:
        return TupleVal([self.eval(e, env) for e in node.elts])

    _e_List = _e_Tuple

    def _comprehension(self, node: Any, env: dict[str, Any], elt: ast.AST) -> Any:
        local = dict(env)
        for gen in node.generators:
            self._bind_iter(gen.target, gen.iter, local, tests=gen.ifs)
            items = local.get(gen.iter.id) if isinstance(gen.iter, ast.Name) else None
            if isinstance(gen.target, ast.Name) and isinstance(items, Taint) and items.kind == PARAM:
                if items.orient == VEC and not (items.row or items.flip):
                    # `[dot(a, b) / (norm_a * norm(b)) for b in bs]` of a helper: a row, if given a matrix
                    local[gen.target.id] = replace(items, row=True)
            for cond in gen.ifs:
                self.eval(cond, local)
                self.refine(cond, local)
        value = self.eval(elt, local)
        if isinstance(value, Taint):
            # rows make a selection; whole matrices (`[p for n, p in ... if ...]`) a list of them
            return replace(value, orient=SEL) if value.orient == VEC else TupleVal([value])
        if isinstance(value, Sim):
            return value
        if isinstance(value, TupleVal) and not value.items and isinstance(elt, ast.List):
            return TupleVal([value])  # `[[] for _ in range(n)]`: empty lists, filled item by item later
        return TupleVal([])  # a list of other things (token ids …): indexing with it selects rows

    def _e_ListComp(self, node: ast.ListComp, env: dict[str, Any]) -> Any:
        return self._comprehension(node, env, node.elt)

    _e_GeneratorExp = _e_ListComp
    _e_SetComp = _e_ListComp

    def _e_DictComp(self, node: ast.DictComp, env: dict[str, Any]) -> Any:
        """`{w: W[tok(w)] for w in words}`: rows under keys (a key picks one)."""
        value = self._comprehension(node, env, node.value)
        if isinstance(value, Taint) and value.kind == LABEL and value.orient == SEL:
            return replace(value, keyed=True)
        return value

    def store_row(self, base: str, key: ast.AST, value: Any, env: dict[str, Any]) -> None:
        """`vecs[name] = W[i]`, `M[k] = W[c]` into a container we do not follow: it now holds
        label rows (a selection; a key picks one again). A label matrix (or a dict of them) stored
        under a key (`tables[name] = lm.embed_out.weight`, `runs[m] = {"out": W}`) makes the
        container a dict of them."""
        held = env.get(base)
        if _row_like(value):
            rows = replace(value, orient=SEL, keyed=True)
            if held is None or (isinstance(held, Taint) and held.keyed and riskier(rows, held)):
                env[base] = rows
        elif (_label_matrix(value) or isinstance(value, DictVal)) and (held is None or isinstance(held, DictVal)):
            env[base] = (held or DictVal({}, [])).stored(const(key), value)

    def _e_Dict(self, node: ast.Dict, env: dict[str, Any]) -> Any:
        vals = [self.eval(v, env) for v in node.values]
        sim = next((v for v in vals if isinstance(v, Sim)), None)
        if sim is not None or not any(_label_matrix(v) or isinstance(v, DictVal) for v in vals):
            return sim
        keys = {const(k): v for k, v in zip(node.keys, vals, strict=True) if isinstance(const(k), str)}
        return DictVal(keys, vals)

    def _e_UnaryOp(self, node: ast.UnaryOp, env: dict[str, Any]) -> Any:
        v = self.eval(node.operand, env)
        return v if isinstance(v, (Taint, Sim)) else None

    def _e_Compare(self, node: ast.Compare, env: dict[str, Any]) -> Any:
        vals = [self.eval(node.left, env)] + [self.eval(c, env) for c in node.comparators]
        return next((v for v in vals if isinstance(v, Sim)), None)

    def _e_IfExp(self, node: ast.IfExp, env: dict[str, Any]) -> Any:
        self.eval(node.test, env)
        a = self.eval(node.body, env)
        b = self.eval(node.orelse, env)
        if a is None or riskier(b, a):
            return b
        return a

    def _e_JoinedStr(self, node: ast.JoinedStr, env: dict[str, Any]) -> Any:
        for v in node.values:
            if isinstance(v, ast.FormattedValue):
                self.eval(v.value, env)
        return None

    def _e_Starred(self, node: ast.Starred, env: dict[str, Any]) -> Any:
        """`f(*W[[a, b]])`: the rows given as the arguments (a call of one matrix compares its rows)."""
        value = self.eval(node.value, env)
        return value if isinstance(value, (Taint, Sim, TupleVal)) else None

    def _e_NamedExpr(self, node: ast.NamedExpr, env: dict[str, Any]) -> Any:
        """`(W := model.fc.weight)`: bound like an assignment."""
        value = self.eval(node.value, env)
        env[node.target.id] = value
        return value

    def _e_Lambda(self, node: ast.Lambda, env: dict[str, Any]) -> Any:
        return self._lambda(node)


# the one matrix of a tensor file loaded here, under a bare matrix name (`load_file(p)["W"]`)
_LOADED_MATRIX = re.compile(r"(?:^|\.)(?:load_file|load|get_tensor|get_slice)\(\)\.W$")


def _taint_attribute(base: Taint, attr: str) -> Taint | None:
    """`W.T`, `W.weight`, `W.data` of label rows; the table of an embedding module (`emb.weight`)."""
    if attr in ("T", "mT", "H"):
        return base.flipped()
    if base.table and attr == "weight":
        return replace(base, table=False)
    return base if attr in ("weight", "data", "real", "values") else None


def _row_like(value: Any) -> bool:
    """A label row, a tied model's token row (`lookup(ids)`, `wte.weight[i]`), a mean of label rows
    used as one, or a few such rows: what a dict filled key by key holds (`memo[w] = ...`)."""
    if not isinstance(value, Taint) or value.orient not in (VEC, SEL):
        return False
    return value.kind in (LABEL, INPUT) or (value.kind == MEAN and value.row)


# attribute names that say "the head's rows" (`model.unembedding_matrix`, `self.classifier_weights`);
# a bare `unembed` is as often the module itself, `head_weights` / `linear_weights` as often another layer's
_ATTRIBUTE_HINT_EXCLUDED = re.compile(r"^(unemb|unembed|W_U|head_weights?|linear_weights?)$")


def _hinted_attribute(attr: str, path: str) -> Taint | None:
    """An attribute of an object we do not follow, named like label rows: those rows (medium)."""
    if _ATTRIBUTE_HINT_EXCLUDED.match(attr) or not P.ANY_NAME_HINT.match(attr):
        return None
    for pat, orient in P.NAME_HINTS:
        if pat.match(attr):
            return Taint(LABEL, orient, confidence="medium", source=path, root=root_of(path))
    return None
