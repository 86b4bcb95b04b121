"""Expressions: names, attributes, subscripts, containers and arithmetic."""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from typing import Any

from cosaudit.lint import patterns as P
from cosaudit.lint.taint.arithmetic import ArithmeticRules
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
    Children,
    DictVal,
    HeadModule,
    ModelObj,
    NormOf,
    ParamList,
    Sim,
    Taint,
    TupleVal,
    riskier,
)

# calls that build an array of indices: a selection of rows, not one row
_ARRAY_MAKERS = {"tensor", "array", "arange", "LongTensor", "asarray", "where", "nonzero", "argsort", "topk"}
# a tokenizer's ids of a text are a list (`tok.encode(" queen")`, `model.to_tokens(" dog cat")`,
# `tok(w)["input_ids"]`), even when the text is one token: the rows they pick are a [n, d] matrix
_ID_LISTS = {"encode", "to_tokens"}
_INPUT_IDS = re.compile(r"(?:^|\.)input_ids$")  # `tok(w)["input_ids"]` is the path `tok().input_ids`


def _label_matrix(v: Any) -> bool:
    return isinstance(v, Taint) and v.kind == LABEL and v.orient in (ROWS, COLS)


def _is_full(e: ast.AST) -> bool:
    return isinstance(e, ast.Slice) and e.lower is None and e.upper is None and e.step is None


def _basis_coordinate(base: Taint, sl: ast.AST) -> bool:
    """Is `sl` one hidden coordinate of every row of normalised label rows (`Wn[:, 0]` or
    `Wn[:, coord]` of row-normalised `Wn`, `W_U_n[0]` / `W_U_n[0, :]` of column-normalised `W_U`)?"""
    if base.kind != LABEL or not base.normalized or base.centered:
        return False
    elts = list(sl.elts) if isinstance(sl, ast.Tuple) else [sl]
    if base.orient == ROWS:
        return len(elts) == 2 and _is_full(elts[0]) and _coordinate(elts[1])
    if base.orient == COLS:
        return 1 <= len(elts) <= 2 and _coordinate(elts[0]) and all(_is_full(e) for e in elts[1:])
    return False


def _coordinate(e: ast.AST) -> bool:
    """An index that picks a hidden coordinate: a whole number, or a name holding one (`coord`,
    `cfg.dim`, `dims[0]`); not a slice, nor `None` / `...` (broadcasting)."""
    if isinstance(e, ast.Constant):
        return isinstance(e.value, int) and not isinstance(e.value, bool)
    return isinstance(e, (ast.Name, ast.Attribute, ast.Subscript))


def _broadcast_axes(base: Taint, elts: list[ast.expr]) -> tuple[int, int, int] | None:
    """Where the hidden and label axes of label rows go in a broadcasting view (`W[None]` is
    [1, V, d]: (3, 2, 1); `W[:, None]` is [V, 1, d]: (3, 2, 0)); None with an Ellipsis."""
    if not any(isinstance(e, ast.Constant) and e.value is None for e in elts):
        return base.axes
    if any(isinstance(e, ast.Constant) and e.value is Ellipsis for e in elts):
        return None
    ndim, hidden, label = base.shape()
    where: dict[int, int] = {}  # input axis -> output axis
    out = consumed = 0
    for e in elts:
        if not (isinstance(e, ast.Constant) and e.value is None):
            where[consumed] = out
            consumed += 1
        out += 1
    for axis in range(consumed, ndim):
        where[axis] = out + axis - consumed
    return (out + ndim - consumed, where[hidden], where[label])


def _source_confidence(path: str) -> str:
    """High for a head named by its access path (`model.fc.weight`); medium for a bare name, the
    last of a model's layers (`children()[-1]`) or a TF variable named by scope (`fc2/weights`)."""
    return "high" if "." in path and "children()" not in path and "/" not in path else "medium"


class ExpressionRules(ArithmeticRules):
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
                return self.role_value(path, env[path])
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

    def _head_matrix(self, head: HeadModule, attr: str, env: dict[str, Any]) -> Any:
        """The weight of a head module (`attr`: `weight`, `kernel`, `get_weights()[0]`), named as the code wrote it."""
        src = self._source_taint(f"{head.path}.{attr}", env)
        if src is not None and head.why:
            src = replace(src, why=head.why)
        return replace(src, source=f"{head.shown}.{attr}") if src is not None and head.shown else src

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

    def _subscript_path(self, node: ast.Subscript) -> str | None:
        """`state["fc.weight"]` as `state.fc.weight`; also with the key picked from a table of head
        names (`state[HEAD_KEYS[arch]]`)."""
        path = access_path(node, self.strings)
        if path is not None:
            return path
        picked = self._picked_name(node.slice)
        base = access_path(node.value, self.strings) if picked is not None else None
        return f"{base}.{picked}" if base else None

    def _e_Subscript(self, node: ast.Subscript, env: dict[str, Any]) -> Any:
        path = self._subscript_path(node)
        by_name = path is not None and (path.endswith("]") or not isinstance(node.slice, (ast.Slice, ast.Tuple)))
        named = path if by_name else None
        if named is not None:
            src = self._source_taint(named, env)
            if src is not None:
                return src
        base = self.eval(node.value, env)
        if named is not None and not isinstance(base, DictVal) and head_module_path(named):
            return HeadModule(named)  # `model.classifier[-1]`, `sd["head"]`; not a dict of ours (`tables["output"]`)
        self.eval(node.slice, env)
        if isinstance(base, (Sim, NormOf)):
            return base
        keyed = _keyed_rows(node.slice, root_of(path or ""))
        if keyed is not None:
            return keyed
        if isinstance(base, TupleVal):
            idx = const(node.slice)
            if isinstance(idx, int) and -len(base.items) <= idx < len(base.items):
                return base.items[idx]
            return base.label_matrix()
        if isinstance(base, (ParamList, Children)):
            return self._listed(base, const(node.slice), env)
        if isinstance(base, DictVal):  # `tables["output"]`; `tables[name]`: any of them
            return base.pick(const(node.slice))
        option = _probe_option(node, base)
        if option is not None or not isinstance(base, Taint):
            return option
        if _basis_coordinate(base, node.slice):
            # `F.normalize(W, dim=1)[:, 0]`: coordinate k of every unit row is its cosine with the
            # basis direction e_k, one vector ranked against every label row (a cosine lens)
            return self._sink("cosine", base, None, node, "coordinate of the normalised rows")
        return self._index(base, node.slice, env)

    def _listed(self, listed: ParamList | Children, idx: Any, env: dict[str, Any]) -> Any:
        """Item `idx` of a model's parameters, or of its layers (the last layer is the head)."""
        if isinstance(listed, ParamList):
            return self._parameter(listed, idx, env)
        return HeadModule(f"{listed.path}.children()[-1]") if idx == -1 else None

    def _parameter(self, params: ParamList, idx: Any, env: dict[str, Any]) -> Any:
        """`list(head.parameters())[0]` is the head's weight; `list(model.parameters())[-2]` is
        usually the last layer's weight (its bias is [-1]): medium confidence."""
        if params.head is not None:
            return self._head_matrix(params.head, params.first, env) if idx == 0 else None
        if idx == -2:
            return Taint(LABEL, ROWS, root=params.root, source="parameters()[-2]", confidence="medium")
        return None

    def _index(self, base: Taint, sl: ast.expr, env: dict[str, Any]) -> Any:
        """Label rows indexed: a row (VEC), a selection of rows (SEL), or hidden dimensions."""
        elts: list[ast.expr] = list(sl.elts) if isinstance(sl, ast.Tuple) else [sl]
        # drop None/np.newaxis (broadcasting) and Ellipsis
        real = [e for e in elts if not (isinstance(e, ast.Constant) and e.value is None)]
        ellipsis = any(isinstance(e, ast.Constant) and e.value is Ellipsis for e in real)
        real = [e for e in real if not (isinstance(e, ast.Constant) and e.value is Ellipsis)]
        if not real:
            return replace(base, axes=_broadcast_axes(base, elts)) if base.orient != VEC else base
        if base.kind == LABEL and len(real) == 1 and const(real[0]) in _WEIGHT_KEYS:
            return base  # `fc_weight["weight"]`: the weight of a loaded head (not its bias)
        if any(_is_key(e) for e in real):
            # weights["w_k"]: a dict of named tensors, not rows picked by an index; but rows stored
            # under keys (`vecs["cat"]` after `vecs[c] = W[i]`) are picked by them
            return replace(base, orient=VEC, keyed=False) if base.keyed and len(real) == 1 else None
        if base.orient == VEC:
            if base.kind == PARAM and isinstance(real[0], ast.Slice):
                return base  # `x[i:i + b]`: a batch of what the function was given
            picks_row = not _is_full(real[0]) and all(_is_full(e) for e in real[1:])
            if base.kind == PARAM and not base.row and not ellipsis and picks_row:
                return replace(base, row=True)  # `weights[ids[i]]`, `weights[i, :]`: a row, if given a matrix
            return None if not _is_full(real[0]) else base
        if all(_is_full(e) for e in real):
            # W[None, :, :], W[:, None] — broadcasting views of the same rows
            return replace(base, axes=_broadcast_axes(base, elts)) if base.orient != VEC else base
        if base.orient in (ROWS, SEL):
            first = real[0]
            if ellipsis or (len(real) >= 2 and _is_full(first)):
                return None  # a column: hidden dimensions, not labels
            return base if _is_full(first) else replace(base, orient=self._selection(first, env))
        return self._column_index(base, real, ellipsis, env)

    def _column_index(self, base: Taint, real: list[ast.expr], ellipsis: bool, env: dict[str, Any]) -> Any:
        """Label columns indexed (`W_U[:, ids]`): the label axis is the last one."""
        if len(real) >= 2 or ellipsis:
            last = real[-1]
            if len(real) >= 2 and not _is_full(real[0]):
                return None
            if _is_full(last):
                return base
            return replace(base, orient=VEC) if self._selection(last, env) == VEC else base
        if _token_id(real[0]):
            return replace(base, orient=VEC)  # `W_U[tok.encode(w)[0]]`: indexed by a token, so rows
        return None  # W_U[i]: a row of hidden dimension i

    def _selection(self, e: ast.AST, env: dict[str, Any]) -> str:
        """One row (VEC) for any index expression — a constant, a name, a call such as
        `tok.encode(" dog")[0]` or `tok.convert_tokens_to_ids("dog")`, a subscript `ids["owl"]`
        — and a selection of rows (SEL) for slices, lists, comprehensions, names bound to lists,
        boolean masks and calls given a list (`convert_tokens_to_ids(["a", "b"])`)."""
        if isinstance(e, (ast.Slice, ast.List, ast.Tuple, ast.ListComp, ast.GeneratorExp, ast.Compare)):
            return SEL
        if isinstance(e, ast.Name):
            listed = isinstance(env.get(e.id), TupleVal) or e.id in self._string_lists
            return SEL if listed or _PLURAL_INDEX.match(e.id) else VEC
        if isinstance(e, ast.Call):
            if any(isinstance(a, (ast.List, ast.ListComp)) for a in e.args):
                return SEL
            name = e.func.attr if isinstance(e.func, ast.Attribute) else getattr(e.func, "id", "")
            return SEL if name in _ARRAY_MAKERS or name in _ID_LISTS else VEC
        if isinstance(e, (ast.Subscript, ast.Attribute)) and _INPUT_IDS.search(access_path(e, self.strings) or ""):
            return SEL
        return VEC

    def _e_Tuple(self, node: ast.Tuple | ast.List, env: dict[str, Any]) -> Any:
        return TupleVal([self.eval(e, env) for e in node.elts])

    _e_List = _e_Tuple

    def _comprehension(self, node: Any, env: dict[str, Any], elt: ast.AST) -> Any:
        local = dict(env)
        for gen in node.generators:
            self._bind_iter(gen.target, gen.iter, local)
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


_TOKEN_CALLS = {"encode", "convert_tokens_to_ids", "to_single_token", "token_to_id"}
_TOKEN_ID_NAME = re.compile(r"^(?:\w+_)?(?:tok|token)_?id$", re.I)


def _token_id(e: ast.AST) -> bool:
    """Is `e` one token's id (`tok.encode(w)[0]`, `tok.convert_tokens_to_ids("dog")`, `tok_id`)?
    A matrix indexed by it on its first axis holds one row per token, whatever its name says."""
    if isinstance(e, ast.Name):
        return bool(_TOKEN_ID_NAME.match(e.id))
    while isinstance(e, ast.Subscript):
        e = e.value
    return isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and e.func.attr in _TOKEN_CALLS


# a key that names unembedding rows saved under another name (`art["number_unembedding"]`), or
# their mean over the vocabulary (`art["unembedding_mean"]`)
_HEAD_KEY = re.compile(r"(?:^|_)(?:unembeddings?|unembed|lm_head|w_u)(?:_|$)", re.I)
_MEAN_KEY = re.compile(r"(?:^|_)(?:mean|avg|average|centroid)(?:_|$)", re.I)
# what flows into or out of the head is not its rows (`captured["lm_head_in"]`)
_FLOW_KEY = re.compile(
    r"(?:^|_)(?:in|inputs?|out|outputs?|acts?|activations?|hidden|resid|grads?|logits?)(?:_|$)", re.I
)


def _taint_attribute(base: Taint, attr: str) -> Taint | None:
    """`W.T`, `W.weight`, `W.data` of label rows; the table of an embedding module (`emb.weight`)."""
    if attr in ("T", "mT", "H"):
        return base.flipped()
    if base.table and attr == "weight":
        return replace(base, table=False)
    return base if attr in ("weight", "data", "real", "values") else None


# a board probe kept as one tensor with its options on the last axis (OthelloGPT's
# `linear_probe[..., k]`, [modes, d_model, rows, cols, options], trained with a softmax over the options)
_PROBE_NAME = re.compile(r"probe", re.I)


def _probe_option(node: ast.Subscript, value: Any) -> Taint | None:
    """`probe[..., k]`, `get_probe(...)[0, :, r, c, k]` of a tensor we do not follow (or a parameter):
    option k of a softmax probe, one row of that probe's head (medium confidence: the options are taken
    to be on the last axis). A cosine between two options is one between head rows; a difference of
    options stays identifiable."""
    if value is not None and not (isinstance(value, Taint) and value.kind == PARAM):
        return None
    base = node.value
    name = base.func if isinstance(base, ast.Call) else base
    ident = name.attr if isinstance(name, ast.Attribute) else getattr(name, "id", "")
    if not _PROBE_NAME.search(ident) or not isinstance(node.slice, ast.Tuple):
        return None
    elts = node.slice.elts
    whole = [_is_full(e) or (isinstance(e, ast.Constant) and e.value is Ellipsis) for e in elts]
    if len(elts) < 2 or not any(whole[:-1]) or whole[-1]:
        return None  # the hidden axis kept whole, one option picked on the last
    source = f"{ident}{'()' if isinstance(base, ast.Call) else ''}[..., {ast.unparse(elts[-1])}]"
    why = "its last axis holds the options of a softmax probe"
    return Taint(LABEL, VEC, root=ident, source=source, confidence="medium", why=why)


def _row_like(value: Any) -> bool:
    """A label row, a tied model's token row (`lookup(ids)`, `wte.weight[i]`), a mean of label rows
    used as one, or a few such rows: what a dict filled key by key holds (`memo[w] = ...`)."""
    if not isinstance(value, Taint) or value.orient not in (VEC, SEL):
        return False
    return value.kind in (LABEL, INPUT) or (value.kind == MEAN and value.row)


def _keyed_rows(key: ast.AST, root: str | None) -> Taint | None:
    """Rows of the head stored under a key that names them (medium confidence); a key naming
    their mean is the mean over the vocabulary (subtracting it centres the rows)."""
    name = const(key)
    if not isinstance(name, str) or not _HEAD_KEY.search(name) or _FLOW_KEY.search(name):
        return None
    if _MEAN_KEY.search(name):
        return Taint(MEAN, ROWS, mean_ok=True, root=root, source=name)
    return Taint(LABEL, ROWS, confidence="medium", root=root, source=name)


_WEIGHT_KEYS = ("weight", "weights", "kernel", "W")


def _is_key(e: ast.AST) -> bool:
    """A string (or f-string) subscript: a mapping's key, never a tensor index."""
    return isinstance(e, ast.JoinedStr) or (isinstance(e, ast.Constant) and isinstance(e.value, str))


# an index variable named for several rows: `W[ids]`, `W[token_ids]`, `W[indices]`, `W[top_k_idx]`
_PLURAL_INDEX = re.compile(
    r"^(?:\w+_)?(?:ids|indices|idxs|idces|tokens|toks|token_ids|tok_ids|rows|classes|labels|words|subset)\d*$"
    r"|_(?:ids|list|idx_list)$|^top_?k?_?(?:idx|ids|indices)$",
    re.I,
)


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
