"""Indexing: what a subscript picks from a value — rows of a head by token ids, a name or a list
(`W[tok.encode(" dog")[0]]`, `W[ids]`), a column of `W_U`, a parameter of a list, a key of a state dict
or of rows stored one by one, a broadcasting view (`W[None]`, `W[:, None]`).

A mixin of the analyser, a base of `ExpressionRules`."""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from typing import Any

from cosaudit.lint.taint.host import AnalyzerHost
from cosaudit.lint.taint.names import head_module_path
from cosaudit.lint.taint.syntax import access_path, const, root_of, string_value
from cosaudit.lint.taint.values import (
    COLS,
    LABEL,
    MEAN,
    PARAM,
    ROWS,
    SEL,
    VEC,
    Children,
    DictVal,
    HeadModule,
    NormOf,
    ParamList,
    Sim,
    Taint,
    TupleVal,
)

# calls that build an array of indices: a selection of rows, not one row
_ARRAY_MAKERS = {"tensor", "array", "arange", "LongTensor", "asarray", "where", "nonzero", "argsort", "topk"}
# a tokenizer's ids of a text are a list (`tok.encode(" queen")`, `model.to_tokens(" dog cat")`,
# `tok(w)["input_ids"]`), even when the text is one token: the rows they pick are a [n, d] matrix
_ID_LISTS = {"encode", "to_tokens"}
_INPUT_IDS = re.compile(r"(?:^|\.)input_ids$")  # `tok(w)["input_ids"]` is the path `tok().input_ids`
_TOKEN_CALLS = {"encode", "convert_tokens_to_ids", "to_single_token", "token_to_id"}
_TOKEN_ID_NAME = re.compile(r"^(?:\w+_)?(?:tok|token)_?id$", re.I)
# a key that names unembedding rows saved under another name (`art["number_unembedding"]`), or
# their mean over the vocabulary (`art["unembedding_mean"]`)
_HEAD_KEY = re.compile(r"(?:^|_)(?:unembeddings?|unembed|lm_head|w_u)(?:_|$)", re.I)
_MEAN_KEY = re.compile(r"(?:^|_)(?:mean|avg|average|centroid)(?:_|$)", re.I)
# what flows into or out of the head is not its rows (`captured["lm_head_in"]`)
_FLOW_KEY = re.compile(
    r"(?:^|_)(?:in|inputs?|out|outputs?|acts?|activations?|hidden|resid|grads?|logits?)(?:_|$)", re.I
)
# a board probe kept as one tensor with its options on the last axis (OthelloGPT's
# `linear_probe[..., k]`, [modes, d_model, rows, cols, options], trained with a softmax over the options)
_PROBE_NAME = re.compile(r"probe", re.I)
PROBE_OPTION = "its last axis holds the options of a softmax probe"
_WEIGHT_KEYS = ("weight", "weights", "kernel", "W")
# an index variable named for several rows: `W[ids]`, `W[token_ids]`, `W[indices]`, `W[top_k_idx]`
_PLURAL_INDEX = re.compile(
    r"^(?:\w+_)?(?:ids|indices|idxs|idces|tokens|toks|token_ids|tok_ids|rows|classes|labels|words|subset)\d*"
    r"(?:_(?:tensor|t|arr|array|np))?$"
    r"|_(?:ids|list|idx_list)$|^top_?k?_?(?:idx|ids|indices)$",
    re.I,
)


class IndexingRules(AnalyzerHost):
    """Mixin of the analyser: subscripts and the selections they make."""

    def _head_matrix(self, head: HeadModule, attr: str, env: dict[str, Any]) -> Any:
        """The weight of a head module (`attr`: `weight`, `kernel`, `get_weights()[0]`), named as the code wrote it."""
        src = self._source_taint(f"{head.path}.{attr}", env)
        if src is not None and head.why:
            src = replace(src, why=head.why)
        return replace(src, source=f"{head.shown}.{attr}") if src is not None and head.shown else src

    def _subscript_path(self, node: ast.Subscript) -> str | None:
        """`state["fc.weight"]` as `state.fc.weight`; also with the key picked from a table of head
        names (`state[HEAD_KEYS[arch]]`)."""
        path = access_path(node, self.strings)
        if path is not None:
            return path
        picked = self._picked_name(node.slice)
        base = access_path(node.value, self.strings) if picked is not None else None
        if base:
            return f"{base}.{picked}"
        return _per_item_path(node, self.strings)

    def _e_Subscript(self, node: ast.Subscript, env: dict[str, Any]) -> Any:
        path = self._subscript_path(node)
        by_name = path is not None and (path.endswith("]") or not isinstance(node.slice, (ast.Slice, ast.Tuple)))
        named = path if by_name else None
        if named is not None:
            src = self._source_taint(named, env)
            if src is not None:
                item = _PER_ITEM.match(named)
                return replace(src, root=item.group(1)) if item and isinstance(src, Taint) else src
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
            return _list_item(base, node.slice)
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
                if len(real) == 1 and self._selection(real[0], env) == SEL:
                    # `weights[token_ids]`, `weights[torch.tensor(ids)]`: rows of what it is given
                    return replace(base, picked=True)
                return replace(base, row=True)  # `weights[ids[i]]`, `weights[i, :]`: a row, if given a matrix
            if base.matrix and picks_row and len(real) == 1 and self._selection(real[0], env) == VEC:
                return replace(base, matrix=False)  # `W[i]` of `def class_cosine_matrix(W)`: one label's vector
            return None if not _is_full(real[0]) else base
        if all(_is_full(e) for e in real):
            # W[None, :, :], W[:, None] — broadcasting views of the same rows
            return replace(base, axes=_broadcast_axes(base, elts)) if base.orient != VEC else base
        if base.orient in (ROWS, SEL):
            return self._row_index(base, real, ellipsis, env)
        return self._column_index(base, real, ellipsis, env)

    def _row_index(self, base: Taint, real: list[ast.expr], ellipsis: bool, env: dict[str, Any]) -> Any:
        """Label rows indexed (`W[ids]`, `W[i]`): a selection or a row; a column is hidden dimensions."""
        first = real[0]
        if len(real) == 2 and _is_full(first) and base.confidence != "high" and _label_index(real[1]):
            return replace(base, orient=VEC)  # `unembed[:, tok]`: a name's layout was [d, V] after all
        if ellipsis or (len(real) >= 2 and _is_full(first)):
            return None  # a column: hidden dimensions, not labels
        return base if _is_full(first) else replace(base, orient=self._selection(first, env))

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
        if isinstance(e, ast.Name):
            listed = isinstance(env.get(e.id), TupleVal) or e.id in self._string_lists or e.id in self._id_lists
            return SEL if listed or _PLURAL_INDEX.match(e.id) else VEC
        return SEL if picks_several(e, self.strings) else VEC


def _list_item(items: TupleVal, sl: ast.expr) -> Any:
    """`Ws[1]`: that item; `Ws[i]`: one of them, the label matrix they all are, or one inner list of a list
    of lists (`per_view[v]`)."""
    idx = const(sl)
    if isinstance(idx, int) and -len(items.items) <= idx < len(items.items):
        return items.items[idx]
    if items.items and all(isinstance(v, TupleVal) for v in items.items):
        return items.items[0]
    return items.label_matrix()


# `params[i].classifier.weight`: the head of item `i` of a collection of state dicts (clients, checkpoints);
# items with different index names are different models
_PER_ITEM = re.compile(r"^([\w.]+\[\w+\])\.")


def _per_item_path(node: ast.Subscript, strings: dict[str, str]) -> str | None:
    """`params[i]["classifier.weight"]` as `params[i].classifier.weight` (a string key on one item of a
    collection indexed by a variable)."""
    key = string_value(node.slice, strings)
    inner = node.value
    if key is None or not (isinstance(inner, ast.Subscript) and isinstance(inner.slice, ast.Name)):
        return None
    base = access_path(inner.value, strings)
    return f"{base}[{inner.slice.id}].{key}" if base and "[" not in base else None


def picks_several(e: ast.AST, strings: dict[str, str]) -> bool:
    """Does an index expression other than a bare name pick several rows: a slice, a list, a
    comprehension, a mask, a call given a list or building an array, a tokenizer's `input_ids`?"""
    if isinstance(e, (ast.Slice, ast.List, ast.Tuple, ast.ListComp, ast.GeneratorExp, ast.Compare)):
        return True
    if isinstance(e, ast.Call):
        if any(isinstance(a, (ast.List, ast.ListComp)) for a in e.args):
            return True
        name = e.func.attr if isinstance(e.func, ast.Attribute) else getattr(e.func, "id", "")
        return name in _ARRAY_MAKERS or name in _ID_LISTS
    return isinstance(e, (ast.Subscript, ast.Attribute)) and bool(_INPUT_IDS.search(access_path(e, strings) or ""))


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


# one token's or label's id by its name (`tok`, `answer_token`, `label_id`, `target_id`)
_LABEL_INDEX_NAME = re.compile(
    r"^(?:\w+_)?(?:tok|token|tok_?id|token_?id|label_?id|class_?id|answer_?id|target_?id)$", re.I
)


def _label_index(e: ast.AST) -> bool:
    """Does `e` pick one label by its id: a token id, or a name for one (`int(tok)` too)?"""
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id == "int" and e.args:
        e = e.args[0]
    return _token_id(e) or (isinstance(e, ast.Name) and _LABEL_INDEX_NAME.match(e.id) is not None)


def _token_id(e: ast.AST) -> bool:
    """Is `e` one token's id (`tok.encode(w)[0]`, `tok.convert_tokens_to_ids("dog")`, `tok_id`)?
    A matrix indexed by it on its first axis holds one row per token, whatever its name says."""
    if isinstance(e, ast.Name):
        return bool(_TOKEN_ID_NAME.match(e.id))
    while isinstance(e, ast.Subscript):
        e = e.value
    return isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and e.func.attr in _TOKEN_CALLS


def _probe_option(node: ast.Subscript, value: Any) -> Taint | None:
    """`probe[..., k]`, `get_probe(...)[0, :, r, c, k]` of a tensor we do not follow (or a parameter):
    option k of a softmax probe, one row of that probe's head (medium confidence: the options are taken
    to be on the last axis). A cosine between two options is one between head rows; a difference of
    options stays identifiable."""
    param = isinstance(value, Taint) and value.kind == PARAM
    if (value is not None and not param) or not isinstance(node.slice, ast.Tuple):
        return None
    base = node.value
    name = base.func if isinstance(base, ast.Call) else base
    ident = name.attr if isinstance(name, ast.Attribute) else getattr(name, "id", "")
    elts = node.slice.elts
    whole = [_is_full(e) or (isinstance(e, ast.Constant) and e.value is Ellipsis) for e in elts]
    if len(elts) < 2 or not any(whole[:-1]) or whole[-1]:
        return None  # the hidden axis kept whole, one option picked on the last
    if not _PROBE_NAME.search(ident):
        # `p[..., i]` of a helper's parameter: an option if the caller gives a probe (`probe_option`)
        return replace(value, row=True, why=PROBE_OPTION) if param and not value.row else None
    return probe_option(f"{ident}{'()' if isinstance(base, ast.Call) else ''}[..., {ast.unparse(elts[-1])}]", ident)


def probe_option(source: str, root: str | None) -> Taint:
    """Option k of a softmax probe, one row of that probe's head (medium confidence)."""
    return Taint(LABEL, VEC, root=root, source=source, confidence="medium", why=PROBE_OPTION)


def probe_named(node: ast.AST) -> str | None:
    """The name of an argument that names a probe (`board_probes`, `self.linear_probe`), else None."""
    ident = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")
    return ident if ident and _PROBE_NAME.search(ident) else None


def _keyed_rows(key: ast.AST, root: str | None) -> Taint | None:
    """Rows of the head stored under a key that names them (medium confidence); a key naming
    their mean is the mean over the vocabulary (subtracting it centres the rows)."""
    name = const(key)
    if not isinstance(name, str) or not _HEAD_KEY.search(name) or _FLOW_KEY.search(name):
        return None
    if _MEAN_KEY.search(name):
        return Taint(MEAN, ROWS, mean_ok=True, root=root, source=name)
    return Taint(LABEL, ROWS, confidence="medium", root=root, source=name)


def _is_key(e: ast.AST) -> bool:
    """A string (or f-string) subscript: a mapping's key, never a tensor index."""
    return isinstance(e, ast.JoinedStr) or (isinstance(e, ast.Constant) and isinstance(e.value, str))
