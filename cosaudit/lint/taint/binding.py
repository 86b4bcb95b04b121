"""Binding: what the target of an assignment, a `for` loop or a `with` holds afterwards.

A tuple target takes the items of a tuple value one by one (else each name an element of the
value), an attribute or a subscript is stored under its access path, and a loop's target takes
one element of what it iterates (`zip`, `enumerate`, a dict's values, `named_parameters()`, a
list of head names). Names that hold a tensor's name are remembered in `strings`.
"""

from __future__ import annotations

import ast
from dataclasses import replace
from typing import Any

from cosaudit.lint.taint.host import AnalyzerHost
from cosaudit.lint.taint.indexing import picks_several
from cosaudit.lint.taint.names import head_module_name, label_name
from cosaudit.lint.taint.syntax import access_path, const, root_of
from cosaudit.lint.taint.values import (
    LABEL,
    PARAM,
    ROWS,
    SEL,
    VEC,
    Children,
    DictVal,
    EveryLayer,
    ParamList,
    ParamName,
    Sim,
    Taint,
    TupleVal,
    records_element,
)

# the unconstrained-features model of neural collapse: classifier W, features H, bias b
_UFM = {"W", "H", "b"}


def _unconstrained_features(target: ast.Tuple | ast.List, value: Any, env: dict[str, Any]) -> None:
    """`W, H, b = X` of an unknown value: neural collapse's unconstrained-features model names the
    classifier `W` beside the features `H` and the bias `b`; `W` is taken as label rows
    (orientation unknown, medium confidence)."""
    names = {t.id for t in target.elts if isinstance(t, ast.Name)}
    if value is None and _UFM <= names:
        env["W"] = Taint(LABEL, VEC, confidence="medium", source="W")


# iterating these yields (name, tensor) pairs, or names (`f.keys()` of a safetensors file)
_NAMED_ITERS = {"named_parameters": "", "named_modules": ".weight", "items": "", "keys": ""}


class BindingRules(AnalyzerHost):
    """Mixin of the analyser: binds targets to values (`_bind`) and loop targets to what they iterate."""

    def _bind(self, target: ast.AST, value: Any, env: dict[str, Any]) -> None:
        if isinstance(target, ast.Name):
            env[target.id] = value
        elif isinstance(target, (ast.Tuple, ast.List)):
            self._bind_items(target, value, env)
        elif isinstance(target, ast.Attribute):
            path = access_path(target)
            if path:
                env[path] = value
        elif isinstance(target, ast.Subscript):
            base = access_path(target.value)
            if base and isinstance(value, Sim):
                env[base] = value
            elif base:
                self.store_row(base, target.slice, value, env)
        elif isinstance(target, ast.Starred):
            self._bind(target.value, value, env)

    def _bind_items(self, target: ast.Tuple | ast.List, value: Any, env: dict[str, Any]) -> None:
        if isinstance(value, TupleVal) and len(value.items) == len(target.elts):
            for t, v in zip(target.elts, value.items, strict=True):
                self._bind(t, v, env)
        elif isinstance(value, ParamList) and value.head is not None and target.elts:
            # `W, b = layer.get_weights()` / `w, b = head.parameters()`: the weight comes first
            self._bind(target.elts[0], self._parameter(value, 0, env), env)
        else:
            elem = self._element(value)
            for t in target.elts:
                self._bind(t, elem, env)
            _unconstrained_features(target, value, env)

    def _rebind(self, target: ast.AST, value: Any, env: dict[str, Any]) -> None:
        """An in-place update (`W.div_(...)`, `W.data.div_(...)`) changes what `W` holds."""
        path = access_path(target)
        while path and path.endswith(".data"):
            path = path[: -len(".data")]
        if path:
            env[path] = value

    @staticmethod
    def _element(value: Any) -> Any:
        if isinstance(value, Taint):
            if value.orient in (ROWS, SEL):
                return replace(value, orient=VEC)
            return None
        if isinstance(value, Sim):
            return value
        if isinstance(value, TupleVal):
            return value.label_matrix() or records_element(value.items)
        return None

    def _bind_iter(
        self,
        target: ast.AST,
        it: ast.AST,
        env: dict[str, Any],
        loop: ast.For | ast.AsyncFor | None = None,
        tests: list[ast.expr] | None = None,
    ) -> None:
        """Bind a loop's variable to what the loop gives. `loop`: the `for` statement (not a comprehension),
        which over a model's layers visits each of them, the output layer too, unless it breaks; `tests`:
        a comprehension's conditions."""
        for node in ast.walk(target):
            if isinstance(node, ast.Name):
                # the loop's own value: not a head name a test bound to a same-named variable of another
                # loop or function (`if "lm_head" in name:` there, `directions[name]` here)
                self.strings.pop(node.id, None)
        if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id in ("zip", "enumerate"):
            vals = [self._element(self.eval(a, env)) for a in it.args]
            if it.func.id == "enumerate":
                vals = [None] + vals[:1]
            self._bind(target, TupleVal(vals), env)
            return
        if (
            self._bind_dict_iter(target, it, env)
            or self._bind_named_iter(target, it, env)
            or self._bind_string_iter(target, it)
        ):
            return
        if self._bind_key_iter(target, it, env, loop, tests or []):
            return
        value = self.eval(it, env)
        if isinstance(value, Children) and isinstance(target, ast.Name) and loop is not None:
            # `for m in model.modules():` each layer in turn; one that breaks stops at some layer
            # (`first = m; break`: the first Linear layer, no head)
            if not any(isinstance(n, ast.Break) for n in ast.walk(loop)):
                env[target.id] = EveryLayer(value.path)
                return
        if isinstance(value, ParamList) and value.head is not None:
            # `for w in model.lm_head.parameters(): W = w; break`: the head's weight comes first
            self._bind(target, self._parameter(value, 0, env), env)
            return
        self._bind(target, self._element(value), env)

    def _bind_dict_iter(self, target: ast.AST, it: ast.AST, env: dict[str, Any]) -> bool:
        """`for name, W in tables.items()` / `for W in tables.values()` over a dict that holds a
        label matrix: `W` may be that matrix (the riskiest value, as after if/else). Over a dict
        filled with rows one by one (`vecs[w] = W[i]`), each value is a row."""
        func = it.func if isinstance(it, ast.Call) else None
        if not (isinstance(func, ast.Attribute) and func.attr in ("items", "values")):
            return False
        d = self.eval(func.value, env)
        if isinstance(d, Taint) and d.keyed:
            value: Any = replace(d, orient=VEC, keyed=False)  # `vecs[w] = W[i]` earlier: each value is a row
        elif isinstance(d, Taint) and d.kind == PARAM and d.orient == VEC and not d.row:
            value = replace(d, row=True)  # a parameter's values: rows, if it is given such a dict
        elif isinstance(d, DictVal):
            value = d.riskiest()
        else:
            return False
        self._bind(target, value if func.attr == "values" else TupleVal([None, value]), env)
        return True

    def _bind_named_iter(self, target: ast.AST, it: ast.AST, env: dict[str, Any]) -> bool:
        """`for name, p in model.named_parameters()` / `sd.items()`; `for k in f.keys()`."""
        if not (isinstance(it, ast.Call) and isinstance(it.func, ast.Attribute)):
            return False
        suffix = _NAMED_ITERS.get(it.func.attr)
        if suffix is None:
            return False
        self.eval(it.func.value, env)
        root = root_of(access_path(it.func.value) or "")
        if isinstance(target, ast.Name):
            self.strings.pop(target.id, None)  # a name a test on an earlier loop's variable bound
            env[target.id] = ParamName(None, suffix, root)
            return True
        if isinstance(target, ast.Tuple) and len(target.elts) == 2 and isinstance(target.elts[0], ast.Name):
            value = target.elts[1]
            value_var = value.id if isinstance(value, ast.Name) else None
            self.strings.pop(target.elts[0].id, None)
            env[target.elts[0].id] = ParamName(value_var, suffix, root)
            if value_var:
                env[value_var] = None
            return True
        return False

    def _bind_key_iter(
        self, target: ast.AST, it: ast.AST, env: dict[str, Any], loop: ast.AST | None, tests: list[ast.expr]
    ) -> bool:
        """`for key in state:` / `[k for k in sd if k.endswith("fc.weight")]` that tests the variable
        against a head's name (in the loop's body, or the comprehension's `tests`): the keys of a
        checkpoint, as `state.keys()` would give them. A loop over rows or layers (a known value) keeps
        what it iterates."""
        if not (isinstance(target, ast.Name) and isinstance(it, (ast.Name, ast.Attribute))):
            return False
        if loop is not None:  # the body is walked only for a loop of this shape
            tests = [n.test for n in ast.walk(loop) if isinstance(n, (ast.If, ast.IfExp, ast.While))]
        if self.tested_head_name(target.id, tests) is None or self.eval(it, env) is not None:
            return False
        self.strings.pop(target.id, None)
        env[target.id] = ParamName(None, "", root_of(access_path(it) or ""))
        return True

    def _bind_string_iter(self, target: ast.AST, it: ast.AST) -> bool:
        """`for name in ["lm_head.weight", ...]` / over a list variable: `name` holds a head name
        (the first one in the list that names a label matrix, or a head module: `for attr in
        ["classifier", "fc"]: layer = getattr(model, attr)`)."""
        if isinstance(target, ast.Tuple) and isinstance(it, (ast.List, ast.Tuple)):
            return self._bind_string_pairs(target, it)
        if not isinstance(target, ast.Name):
            return False
        if isinstance(it, ast.IfExp):  # `[override] if override else ["lm_head.weight", ...]`: either list
            return self._bind_string_iter(target, it.body) or self._bind_string_iter(target, it.orelse)
        if isinstance(it, (ast.List, ast.Tuple)):
            names = [const(e) for e in it.elts if isinstance(const(e), str)]
        elif isinstance(it, ast.Name):
            names = self._string_lists.get(it.id, [])
        else:
            return False
        head = next((n for n in names if label_name(n) or head_module_name(n)), None)
        if head is None:
            return False
        self.strings[target.id] = head
        return True

    def _bind_string_pairs(self, target: ast.Tuple, it: ast.List | ast.Tuple) -> bool:
        """`for owner, name in (("lm_head", "weight"), ("embed_out", "weight"))`: the first tuple whose
        parts name a head, bound part by part (`getattr(getattr(model, owner), name)` is then the head)."""
        names = [t.id if isinstance(t, ast.Name) else None for t in target.elts]
        for item in it.elts:
            parts = [const(e) for e in item.elts] if isinstance(item, (ast.Tuple, ast.List)) else []
            if len(parts) == len(names) and all(isinstance(p, str) for p in parts) and label_name(".".join(parts)):
                for name, part in zip(names, parts, strict=True):
                    if name is not None:
                        self.strings[name] = part
                return True
        return False

    def _remember_strings(self, targets: list[ast.expr], value: ast.AST) -> None:
        for target in targets:
            if not isinstance(target, ast.Name):
                continue
            # a name bound to several ids (`i = tok.convert_tokens_to_ids(["dog", "cat"])`, `i =
            # torch.tensor(ids)`): the rows it picks are a selection, whose items are rows again
            if picks_several(value, self.strings):
                self._id_lists.add(target.id)
            else:
                self._id_lists.discard(target.id)
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                self.strings[target.id] = value.value
            elif isinstance(value, (ast.List, ast.Tuple, ast.Dict)):
                # a list of names, or a dict of them by architecture (`{"resnet": "fc.weight", ...}`)
                items = value.values if isinstance(value, ast.Dict) else value.elts
                names = [const(e) for e in items if isinstance(const(e), str)]
                if names:
                    self._string_lists[target.id] = names
            elif (kept := self._kept_key(value)) is not None:
                self._string_lists[target.id] = [kept]  # `keys = [k for k in sd if "head" in k]`
            else:
                picked = self._picked_name(value)
                if picked is not None:
                    self.strings[target.id] = picked

    def _string_of(self, node: ast.AST) -> str | None:
        """A string constant, or a name holding one."""
        value = const(node)
        if isinstance(value, str):
            return value
        return self.strings.get(node.id) if isinstance(node, ast.Name) else None

    def _kept_key(self, value: ast.AST) -> str | None:
        """The head name a comprehension keeps (`[k for k in sd if k.endswith("fc.weight")]`): its
        variable, tested against that name."""
        if not (isinstance(value, (ast.ListComp, ast.GeneratorExp)) and len(value.generators) == 1):
            return None
        gen = value.generators[0]
        if not (isinstance(value.elt, ast.Name) and isinstance(gen.target, ast.Name) and value.elt.id == gen.target.id):
            return None
        return self.tested_head_name(gen.target.id, gen.ifs)

    def _picked_name(self, value: ast.AST) -> str | None:
        """A head name picked from such a list or dict (`HEAD_KEYS[arch]`, `next(v for k, v in
        HEAD_KEYS.items() if ...)`), or a name with a prefix added (`"module." + key`)."""
        if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add):
            left, right = self._string_of(value.left), self._string_of(value.right)
            return left + right if left is not None and right is not None else None
        source = value.value if isinstance(value, ast.Subscript) else None
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "next" and value.args:
            gen = value.args[0]
            kept = self._kept_key(gen)
            if kept is not None:
                return kept  # `next(k for k in state if k.endswith("fc.weight"))`
            if isinstance(gen, ast.GeneratorExp) and gen.generators:
                it = gen.generators[0].iter
                source = it.func.value if isinstance(it, ast.Call) and isinstance(it.func, ast.Attribute) else it
        names = self._string_lists.get(source.id, []) if isinstance(source, ast.Name) else []
        return next((n for n in names if label_name(n) or head_module_name(n)), None)
