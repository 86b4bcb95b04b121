"""Calls: one dispatcher, and one handler table per library (`libs/`).

`_e_Call` resolves what is being called — a callable object bound earlier (a user helper,
`nn.CosineSimilarity`), a method of a value we follow, or a library function by name — and hands
the call to the handler registered for it. A handler returns the value of the call, or
`NOTHING` when the call is not one it knows, and the next rule is tried.
"""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from typing import Any

from cosaudit.lint import patterns as P
from cosaudit.lint.taint import libs, selfsim
from cosaudit.lint.taint.host import AnalyzerHost
from cosaudit.lint.taint.libs.common import CallSite
from cosaudit.lint.taint.names import head_module_path, label_name, token_table
from cosaudit.lint.taint.syntax import MODULE_LOOKUPS, access_path, callee, root_of
from cosaudit.lint.taint.values import (
    LABEL,
    NOTHING,
    PARAM,
    ROWS,
    ClassInfo,
    ForeignClass,
    ForeignFunction,
    ForeignObject,
    FuncChoice,
    FuncInfo,
    HeadModule,
    ImportedHelper,
    Sim,
    SinkFn,
    Taint,
    TupleVal,
    riskiest,
)


def _own_method(func: ast.Attribute) -> bool:
    """`self.helper(...)` / `cls.helper(...)`: a method of the object itself."""
    return isinstance(func.value, ast.Name) and func.value.id in ("self", "cls")


# the names input-embedding modules go by (`wte`, `word_embeddings`, `embed_tokens`, `shared`): a cheap
# test before the source patterns, which every other attribute call would otherwise run
_TABLE_ATTR = re.compile(r"wte|emb|shared|tok", re.I)


def _token_table_module(func: ast.Attribute) -> Taint | None:
    """`func` as an input-embedding module (`model.transformer.wte`), whose `.weight` is a token table."""
    path = access_path(func) if _TABLE_ATTR.search(func.attr) else None
    return token_table(path) if path else None


def _callable_value(value: Any) -> bool:
    """A value bound to an attribute that a call goes through: a function, or an embedding table."""
    return isinstance(value, (FuncInfo, ImportedHelper)) or (isinstance(value, Taint) and value.table)


class CallRules(AnalyzerHost):
    """Mixin of the analyser: calls and methods."""

    def _e_Call(self, node: ast.Call, env: dict[str, Any]) -> Any:
        func = node.func
        site = CallSite(node, callee(func, self.aliases), env)
        for observe in libs.OBSERVERS:
            observe(self, site)
        out = self._callable_object(site)
        if out is not NOTHING:
            return out
        if isinstance(func, ast.Attribute) and func.attr == "get_input_embeddings":
            return self._source_taint(access_path(node) or "get_input_embeddings()", env)  # the module: a table
        if isinstance(func, ast.Attribute):
            site.receiver = self.eval(func.value, env)
            out = self._instance_method(site)
            if out is not NOTHING:
                return out
            if site.receiver is not None:
                out = libs.method(self, site)
                if out is not NOTHING and not (out is None and _own_method(func)):
                    return out  # `self.pairwise_cos(W)` of a method we cannot read: judged by its name below
        handler = libs.CONSTRUCTORS.get(site.name)
        if handler is not None:
            out = handler(self, site)
            if out is not NOTHING:
                return out
        site.args = [self.eval(a, env) for a in node.args]
        site.kwargs = {k.arg: self.eval(k.value, env) for k in node.keywords if k.arg}
        handler = libs.FUNCTIONS.get(site.name)
        if handler is not None:
            out = handler(self, site)
            if out is not NOTHING:
                return out
        out = self._unfollowed_call(site)
        return libs.fallback(self, site) if out is NOTHING else out

    def _unfollowed_call(self, site: CallSite) -> Any:
        """A call of something not defined here (a method of an object we do not follow, an
        `extract_*` helper imported from elsewhere; a helper of the scan is judged by its body),
        judged by its name:
        `get_classifier_weights()` returns the head; `class_similarity_matrix(W)` of a head
        compares its rows pairwise."""
        node = site.node
        if site.name == "partial" and node.args:
            return self._partial(node)  # `partial(F.cosine_similarity, dim=0)`: a helper
        # `get_unembedding(model)` of a helper of the scan that returns no head stays unknown; one
        # imported from a module outside the scan is judged by its name
        method = (
            isinstance(node.func, ast.Attribute)
            or not site.name.startswith("get")
            or (isinstance(node.func, ast.Name) and node.func.id in self.outside_imports)
        )
        if method and P.HEAD_GETTER.match(site.name):
            path = access_path(node)
            return Taint(LABEL, ROWS, confidence="medium", source=path or f"{site.name}()", root=root_of(path or ""))
        module = P.HEAD_MODULE_GETTER.match(site.name) if method else None
        if module is not None:
            owner = access_path(node.args[0]) if node.args else None  # the model, for its root
            stand_in = "lm_head" if module["lm"] else "classifier"  # a path the head patterns know
            return HeadModule(f"{owner or '_'}.{stand_in}", shown=access_path(node) or site.name)
        head = next((a for a in site.args if isinstance(a, Taint) and a.kind == LABEL and not a.row), None)
        if head is not None and P.CLASS_SIM_FN.search(site.name):
            return self._sink("cosine", head, head, node, f"{site.name}()")
        if head is not None and P.MAX_COSINE_FN.match(site.name) and len(site.args) == 2:
            return self._sink("cosine", head, None, node, f"{site.name}()")  # other vectors against every row
        for judge in (selfsim.by_name, selfsim.cosine_by_name, selfsim.nearest_by_name):
            out = judge(self, site)
            if out is not NOTHING:
                return out
        return NOTHING

    def _callable_object(self, site: CallSite) -> Any:
        """Calls of values bound earlier: a tensor fetched by a variable name, a user function,
        a `CosineSimilarity` object (also called at once: `nn.CosineSimilarity(dim=0)(a, b)`)."""
        node, func, env = site.node, site.node.func, site.env
        src = self._fetched_tensor(node, env)
        if src is not None:
            return src
        if isinstance(func, (ast.Name, ast.Call)):
            fval = self.eval(func, env)
        elif isinstance(func, ast.Attribute) and _callable_value(env.get(access_path(func) or "")):
            # `self.helper(...)`, `utils.get_head(...)`, `self.embedding_table(ids)` (an embedding kept by `__init__`)
            fval = env[access_path(func) or ""]
        elif isinstance(func, ast.Attribute) and (table := _token_table_module(func)) is not None:
            # `model.embeddings.word_embeddings(ids)`, `model.transformer.wte(ids)`: a token table's module called
            fval = table
        else:
            return NOTHING
        if isinstance(fval, SinkFn) and fval.kind == "cosine":
            args = [self.eval(a, env) for a in node.args[:2]]
            return self._cosine_sink(args, node, fval.dim, torch_style=True, what="CosineSimilarity")
        if isinstance(fval, (FuncInfo, FuncChoice, ClassInfo)):
            return self._call_defined(fval, node, env)
        if isinstance(fval, ImportedHelper):
            return self._call_imported(fval, node, env)
        if isinstance(fval, ForeignClass):
            for a in node.args:
                self.eval(a, env)
            return ForeignObject(fval)
        if isinstance(fval, ForeignFunction):
            return self._call_foreign(fval, node, env)
        if isinstance(fval, Taint) and fval.table and len(node.args) == 1:
            # an embedding table made of label rows (`Embedding.from_pretrained(W)`), called: a lookup
            self.eval(node.args[0], env)
            return replace(fval, orient=self._selection(node.args[0], env), table=False)
        return NOTHING

    def _call_defined(self, fval: FuncInfo | FuncChoice | ClassInfo, node: ast.Call, env: dict[str, Any]) -> Any:
        """A function or class of this file called; one of several functions (any may be the
        one called): the riskiest result."""
        if isinstance(fval, ClassInfo):
            return self._construct(fval, node, env)
        if isinstance(fval, FuncInfo):
            return self._call_user_function(fval, node, env)
        return riskiest([self._call_user_function(f, node, env) for f in fval.options])

    def _fetched_tensor(self, node: ast.Call, env: dict[str, Any]) -> Taint | HeadModule | None:
        """A tensor fetched by name: `f.get_tensor(name)` / `get_slice`, `getattr(getattr(model, owner),
        "weight")`, `model.get_parameter("fc.weight")`, or a head module fetched by name, `getattr(model,
        "fc")`, `model.get_submodule("lm_head")` (names held by variables are resolved)."""
        func = node.func
        fetch = isinstance(func, ast.Attribute) and func.attr in ("get_tensor", "get_slice")
        by_name = isinstance(func, ast.Attribute) and func.attr in MODULE_LOOKUPS
        if callee(func, self.aliases) == "load_variable":
            # `tf.train.load_variable(ckpt_dir, "logits/kernel")`: a TensorFlow checkpoint's variable
            path = access_path(node, self.strings)
            return self._source_taint(path, env) if path is not None else None
        if not (fetch or by_name) and not (isinstance(func, ast.Name) and func.id == "getattr"):
            return None
        path = access_path(node, self.strings)
        src = self._source_taint(path, env) if path is not None else None
        if src is None and fetch:
            src = self._candidate_head(node, env)
        if src is None and not fetch and path is not None and head_module_path(path):
            return HeadModule(path)
        return src

    def _instance_method(self, site: CallSite) -> Any:
        """`_, _, items = model.test(sess, feed)` of `model = Model()`, a class of this file, or of an object
        we do not follow whose method only one class of this file defines (`net.export(sess, feed)` of an
        `evaluate(sess, net, ...)`): the label rows that method returned when the class was analysed (a
        tuple that holds some, or the rows)."""
        func = site.node.func
        unknown = site.receiver is None or (isinstance(site.receiver, Taint) and site.receiver.kind == PARAM)
        if not isinstance(func, ast.Attribute) or _own_method(func) or not unknown:
            return NOTHING
        owner = access_path(func.value)
        cls_name = self.roles.instance_class(owner) if owner else None
        classes = [site.env.get(cls_name)] if cls_name is not None else self.method_owners.get(func.attr, [])
        info = classes[0].methods.get(func.attr) if len(classes) == 1 and isinstance(classes[0], ClassInfo) else None
        returned = info.returns if info is not None else None
        items = returned.items if isinstance(returned, TupleVal) else [returned]
        if not any(isinstance(v, Taint) and v.kind == LABEL for v in items):
            return NOTHING
        self._evaluate_arguments(site.node, site.env)
        return returned

    def _evaluate_arguments(self, node: ast.Call, env: dict[str, Any]) -> None:
        """Every argument of a call whose result is decided otherwise: their similarities still count."""
        for a in [*node.args, *(k.value for k in node.keywords)]:
            self.eval(a, env)

    def _call_foreign(self, fn: ForeignFunction, node: ast.Call, env: dict[str, Any]) -> Sim:
        """`analysis(model, loader)` of another scanned module, which compares label rows inside: that
        comparison, here, judged by this file's facts."""
        self._evaluate_arguments(node, env)
        ev = fn.event.called_at(self._pos(node), fn.name)
        self._emit(ev)
        return Sim(ev)

    def _call_imported(self, helper: ImportedHelper, node: ast.Call, env: dict[str, Any]) -> Taint:
        """A call of a helper imported from another scanned module that returns label rows: those
        rows, of the model passed as the first argument (`get_unembedding(model)`)."""
        for a in node.args:
            self.eval(a, env)
        first = access_path(node.args[0]) if node.args else None
        return replace(helper.returns, root=root_of(first) if first else None, source=f"{helper.name}()")

    def _candidate_head(self, node: ast.Call, env: dict[str, Any]) -> Taint | None:
        """`f.get_tensor(tensor_name)` with a name chosen at run time, in code that lists the head's
        tensor name among its candidates (`CANDIDATES = ["lm_head.weight", ...]`): the head,
        at medium confidence."""
        arg = node.args[0] if node.args else None
        held = env.get(arg.id) if isinstance(arg, ast.Name) else None
        if not isinstance(arg, ast.Name) or (held is not None and not (isinstance(held, Taint) and held.kind == PARAM)):
            return None  # e.g. `for key in f.keys()`: followed by the name tests instead (a parameter's item is a name)
        if not any(label_name(n) for names in self._string_lists.values() for n in names):
            return None
        return Taint(LABEL, ROWS, confidence="medium", source=f"get_tensor({arg.id})")
