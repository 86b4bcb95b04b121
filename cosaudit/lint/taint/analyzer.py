"""The analyser: statements, and the tests that pick a head by its name.

The rules for expressions, calls, user functions, sinks, target binding and imports are mixins
(`expressions.py`, `calls.py`, `functions.py`, `sinks.py`, `binding.py`, `modules.py`); library
knowledge is in `libs/`.
"""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from functools import cached_property
from typing import Any

from cosaudit.lint.taint.binding import BindingRules
from cosaudit.lint.taint.calls import CallRules
from cosaudit.lint.taint.control import ControlRules
from cosaudit.lint.taint.expressions import ExpressionRules
from cosaudit.lint.taint.functions import FunctionRules
from cosaudit.lint.taint.libs.layers import ClassHeads, HeadRoles, RoleRules
from cosaudit.lint.taint.modules import ImportLookup, ModuleRules
from cosaudit.lint.taint.names import unpacked_last_layer_weights
from cosaudit.lint.taint.sinks import SinkRules, against_class_means
from cosaudit.lint.taint.switches import CallIndex, switch_candidates, switched_off
from cosaudit.lint.taint.syntax import access_path, callee, const, decorated, self_attribute, walk_nodes
from cosaudit.lint.taint.values import (
    COLS,
    LABEL,
    ROWS,
    ClassInfo,
    Event,
    FuncInfo,
    Sim,
    Taint,
)

# a layer of the module being built (`self.fc.weight`, `self.head[-1].weight`): its rows are fresh
_OWN_LAYER = re.compile(r"^self\.\w+(\[-?\d+\])?\.weight\b")


def _foreign_rows(ev: Event) -> bool:
    """Does an initialiser compare the rows of another, already trained model's head with each other
    (`self.teacher.fc.weight` in a distiller's `__init__`)? Its own fresh layers stay quiet."""
    return ev.between_labels and all(
        t.kind == LABEL and t.source and not _OWN_LAYER.match(t.source) and "." in t.source for t in ev.operands
    )


# `V, d = W.shape` / `d_model, d_vocab = W_U.shape`: which axis the code itself calls labels
_LABEL_AXIS = re.compile(r"^(V|n_?vocab|d_vocab|vocab(_size)?|n_tokens|num_tokens|K|C|n_?classes|num_classes|n_cls)$")
_HIDDEN_AXIS = re.compile(r"^(d|D|d_model|dim|d_hidden|hidden(_size|_dim)?|n_?dims?|embed_dim|d_emb)$")


def _orient_by_shape(target: ast.AST, value: ast.AST, env: dict[str, Any]) -> None:
    """`V, d = W_U.shape` names the label axis first: rows, whatever the matrix's name suggests
    (`W_U` is TransformerLens' [d_model, d_vocab] only by convention); `d, V = ...` columns. One
    axis named is enough: `V = W_U.shape[0]` (rows), `d = W_U.shape[0]` (columns)."""
    single = _one_axis(target, value)
    if single is not None:
        name, matrix, axis = single
    elif isinstance(target, ast.Tuple) and isinstance(value, ast.Attribute) and value.attr == "shape":
        names = [t.id for t in target.elts if isinstance(t, ast.Name)]
        if len(names) != 2 or len(target.elts) != 2 or not isinstance(value.value, ast.Name):
            return
        first, second = names
        label_first = _LABEL_AXIS.match(first) and _HIDDEN_AXIS.match(second)
        hidden_first = _HIDDEN_AXIS.match(first) and _LABEL_AXIS.match(second)
        if not (label_first or hidden_first):
            return
        name, matrix, axis = (first, value.value.id, 0) if label_first else (second, value.value.id, 1)
    else:
        return
    held = env.get(matrix)
    if not isinstance(held, Taint) or held.kind != LABEL or held.orient not in (ROWS, COLS):
        return
    labels_at = axis if _LABEL_AXIS.match(name) else 1 - axis if _HIDDEN_AXIS.match(name) else None
    if labels_at is not None:
        env[matrix] = replace(held, orient=ROWS if labels_at == 0 else COLS)


def _one_axis(target: ast.AST, value: ast.AST) -> tuple[str, str, int] | None:
    """`V = W_U.shape[0]`: (the name, the matrix, the axis 0 or 1) of one axis of a 2-D matrix."""
    if not (isinstance(target, ast.Name) and isinstance(value, ast.Subscript)):
        return None
    shape, index = value.value, const(value.slice)
    if not (isinstance(shape, ast.Attribute) and shape.attr == "shape" and isinstance(shape.value, ast.Name)):
        return None
    if index not in (0, 1, -1) or isinstance(index, bool):
        return None
    return target.id, shape.value.id, 0 if index == 0 else 1




class Analyzer(
    RoleRules, ExpressionRules, CallRules, FunctionRules, SinkRules, BindingRules, ModuleRules, ControlRules
):
    """Runs over one module; collects `events`."""

    def __init__(
        self,
        tree: ast.Module,
        context: str = "",
        imports: ImportLookup | None = None,
        *,
        cells: bool = False,
        heads: ClassHeads | None = None,
        commented_heads: frozenset[int] = frozenset(),
    ):
        self.tree = tree
        self._commented_heads = commented_heads
        # cheap: the module body's `name = False` lines. Not in code run a cell at a time: there
        # `eval_bias = False` / `if eval_bias:` is a cell its author turns on by hand, and runs
        self._switches = frozenset() if cells else switch_candidates(tree)
        # a boolean parameter no call of the module sets (`def f(W, subtract_mean=True)` called as
        # `f(W)`): inside the function its test always takes the default's branch
        self._fixed: dict[str, bool] = {}
        self._call_index: CallIndex | None = None
        # the label-row helpers of another scanned module: (module, level) -> {function: rows}
        self._imports = imports
        # bare names imported from modules outside the scan (`from utils import get_unembedding`
        # with utils.py not scanned): what they return is judged by their names
        self.outside_imports: set[str] = set()
        self.events: list[Event] = []
        self.aliases: dict[str, str] = {}
        self.imported_names: set[str] = set()
        self._bound_aliases: set[str] = set()  # aliases an assignment made (`cos = F.cosine_similarity`)
        self.functions: dict[str, FuncInfo] = {}
        self.globals: dict[str, Any] = {}
        self.strings: dict[str, str] = {}  # variables known to hold a tensor name
        self._string_lists: dict[str, list[str]] = {}
        self._id_lists: set[str] = set()  # names bound to several token ids (their rows are a selection)
        self._quiet = 0  # >0 inside forward passes / losses / initialisers: no events ...
        self._init_quiet = 0  # ... but label-vs-label ones, unless inside an initialiser
        self._denominator = 0
        self._norm_names: dict[str, str] = {}  # `d_len = norm(d)`: d_len -> "d"
        self._products: dict[str, ast.AST] = {}  # `num = a @ b`: num -> the product
        # `den = norm(a) * norm(b)`: den -> (2, that product)
        self._norm_products: dict[str, tuple[int, ast.AST]] = {}
        self._returns: list[Any] | None = None
        self._current_events: list[Event] | None = None
        self._held: list[Event] | None = None  # rankings inside the forward pass being analysed
        # string constants that are prose: docstrings, and text passed to print / st.markdown / …
        self.prose_strings: list[ast.Constant] = []
        self.similarity_stacks: set[int] = set()  # `torch.stack([cos_a, cos_b])`: correlated, no behaviour
        self._all_functions: list[FuncInfo] = []
        self.method_owners: dict[str, list[ClassInfo]] = {}  # a method's name -> the classes defining it
        self._context = context  # the document's prose (a notebook's markdown cells)
        self.roles = HeadRoles(tree, heads)  # heads by construction, use and position (`libs/layers.py`)
        # names bound to the head's rows (`prototypes = F.normalize(fc.weight)`): whatever they are
        # called, they are not the class means a neural-collapse comparison takes
        self.head_names: set[str] = set()
        self._role_scopes = [id(tree)]
        self.strings.update(self.roles.last_keys)

    def fixed_switches(self, fn: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, bool]:
        defaults = [*fn.args.defaults, *fn.args.kw_defaults]
        if not any(isinstance(d, ast.Constant) and isinstance(d.value, bool) for d in defaults):
            return {}  # most functions have no flag: the module's calls need not be indexed
        if self._call_index is None:
            self._call_index = CallIndex(self.tree)
        return self._call_index.fixed_switches(fn)

    @cached_property
    def _off(self) -> frozenset[str]:
        """The switches never bound again (a walk of the whole module, made only when there are any)."""
        return switched_off(self.tree, self._switches)

    @cached_property
    def fasttext_supervised(self) -> bool:
        """Is the code's fastText model a supervised classifier (labels prefixed `__label__`,
        `train_supervised`) with a flat softmax (no `loss="hs"` tree, no one-vs-all `"ova"`)?"""
        nodes = walk_nodes(self.tree)
        strings = {n.value for n in nodes if isinstance(n, ast.Constant) and isinstance(n.value, str)}
        named = {n.attr for n in nodes if isinstance(n, ast.Attribute)}
        supervised = "train_supervised" in named or any("__label__" in s for s in strings)
        return supervised and not strings & {"hs", "ova"}

    @cached_property
    def token_rows(self) -> bool:
        """Do the code's strings or the document's prose count a matrix's rows as tokens ("all
        tokens", "{N:,} tokens")? Asked only of a matrix loaded under a bare name."""
        return bool(_TOKEN_ROWS.search(self._context)) or _speaks_of_tokens(self.tree)

    def run(self) -> list[Event]:
        self._hoist_functions()
        self._block(self.tree.body, self.globals)
        for info in list(self.functions.values()):
            if not info.analysed:
                self._analyse_function(info)
        loader = self._head_loader()
        for info in self._all_functions:
            if not info.called:
                self._rank_against_parameters(info)
                self._etf_gram_of_parameter(info, loader)
        return [e for e in self.events if not e.pending]

    # ---------------------------------------------------------------- core
    def eval(self, node: ast.AST | None, env: dict[str, Any]) -> Any:
        if node is None:
            return None
        method = getattr(self, "_e_" + type(node).__name__, None)
        if method is not None:
            return method(node, env)
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.expr):
                self.eval(child, env)
        return None

    def _pos(self, node: ast.AST) -> tuple[int, int]:
        return (getattr(node, "lineno", 1), getattr(node, "col_offset", 0))

    def _emit(self, ev: Event) -> None:
        init_quiet = self._init_quiet and not _foreign_rows(ev)
        # a pass's scores against prototypes it pools from the head's rows (T3A) are no cosine head's logits:
        # the rows were trained by a softmax, and a translation of them changes what the pass predicts
        pooled = any(t.kind == LABEL and t.pooled for t in ev.operands)
        if self._quiet and not pooled and (init_quiet or not ev.between_labels or ev.pending):
            if ev.pending and self._current_events is not None:
                self._current_events.append(ev)  # kept: a ranking against a parameter may show later
            elif ev.ranking and not self._init_quiet and self._held is not None:
                self._held.append(ev)  # a forward pass's ranking: its logits only if it returns them
            return
        self.events.append(ev)
        if self._current_events is not None:
            self._current_events.append(ev)

    def _sink(self, kind: str, a: Taint, b: Taint | None, node: ast.AST, what: str) -> Sim:
        """A similarity sink reached at `node`: record the event; its value is a `Sim`."""
        ev = Event(kind, a, b, self._pos(node), what, against_means=against_class_means(node, self.head_names))
        self._emit(ev)
        return Sim(ev)

    # ---------------------------------------------------------------- statements
    def _block(self, body: list[ast.stmt], env: dict[str, Any]) -> None:
        if (
            body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)
        ):
            self.prose_strings.append(body[0].value)
        for stmt in body:
            self._stmt(stmt, env)

    def _stmt(self, stmt: ast.stmt, env: dict[str, Any]) -> None:
        handler = getattr(self, "_s_" + type(stmt).__name__, None)
        if handler is not None:
            handler(stmt, env)
            return
        for name in ("body", "orelse", "finalbody"):
            block = getattr(stmt, name, None)
            if isinstance(block, list):
                self._block(block, env)
        for h in getattr(stmt, "handlers", []) or []:
            self._block(h.body, env)
        for case in getattr(stmt, "cases", []) or []:
            self._block(case.body, env)

    def _s_Assert(self, stmt: ast.Assert, env: dict[str, Any]) -> None:
        """`assert is_etf(W)`, `assert np.allclose(G, target)`: the test is computed like any expression."""
        self.eval(stmt.test, env)
        self.eval(stmt.msg, env)

    def _hoist_functions(self) -> None:
        """The module's functions are known before its body runs: a class defined above a helper
        calls it from its methods (`self.rows = wte` … `sort_by_similarity(i, self.rows)`)."""
        for stmt in self.tree.body:
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and not _marimo_cell(stmt):
                self._s_FunctionDef(stmt, self.globals)

    def _s_FunctionDef(self, stmt: ast.FunctionDef | ast.AsyncFunctionDef, env: dict[str, Any]) -> None:
        if env is self.globals and _marimo_cell(stmt):
            # a marimo notebook's cell: its parameters are the names other cells defined, and every
            # cell is named `_`, so it runs as module code in the notebook's order
            self._block(stmt.body, env)
            return
        known = env.get(stmt.name)
        if env is self.globals and isinstance(known, FuncInfo) and known.node is stmt:
            return  # hoisted, perhaps already followed from a call above its definition
        info = FuncInfo(stmt, params=[a.arg for a in stmt.args.posonlyargs + stmt.args.args])
        env[stmt.name] = info
        if env is self.globals:
            self.functions[stmt.name] = info
        else:
            self._analyse_function(info, env)

    _s_AsyncFunctionDef = _s_FunctionDef

    def _s_ClassDef(self, stmt: ast.ClassDef, env: dict[str, Any]) -> None:
        for sub in stmt.body:
            if not isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self._stmt(sub, dict(env))
        info = env[stmt.name] = ClassInfo(stmt, self._analyse_methods(stmt, env, {}))
        for name in info.methods:
            self.method_owners.setdefault(name, []).append(info)

    def _analyse_methods(
        self, cls: ast.ClassDef, env: dict[str, Any], init_args: dict[str, Any]
    ) -> dict[str, FuncInfo]:
        """Every method once, `__init__` first; `self.*` attributes flow from one to the next.
        `init_args`: values bound to `__init__`'s parameters (a construction seen in the code).
        Returns the methods, by name, as analysed."""
        shared: dict[str, Any] = {}
        methods = [m for m in cls.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))]
        infos = {m.name: FuncInfo(m, params=[a.arg for a in m.args.posonlyargs + m.args.args]) for m in methods}
        for name, info in infos.items():
            if _takes_self(info.node):
                info.first_arg = 1
                info.getter = decorated(info.node, "property", "cached_property")
                shared["self." + name] = info  # `self.helper(W)` is followed into the helper
            elif decorated(info.node, "staticmethod"):
                shared["self." + name] = info  # `self.gram(W)` of a static helper: no `self` to skip
        for sub in sorted(methods, key=_analysis_order):
            bound = init_args if sub.name == "__init__" else {}
            self._analyse_function(infos[sub.name], {**env, **shared}, shared, bound)
        return infos

    def _s_Assign(self, stmt: ast.Assign, env: dict[str, Any]) -> None:
        self._remember_strings(stmt.targets, stmt.value)
        self.remember_alias(stmt.targets, stmt.value)
        value = self.eval(stmt.value, env)
        unknown_call = isinstance(stmt.value, ast.Call) or (
            isinstance(stmt.value, ast.Subscript) and isinstance(stmt.value.value, ast.Call)
        )
        if value is None and unknown_call and len(stmt.targets) == 1:
            value = self._named_result(stmt.targets[0]) or self._commented_head(stmt)
            if value is not None and _OF_STATES.search(ast.unparse(stmt.value)):
                value = None
        for target in stmt.targets:
            self._bind(target, value, env)
            self.remember_norm(target, stmt.value, env)
            self.remember_product(target, stmt.value)
            # `prototypes = F.normalize(model.fc.weight)`, `self.prototype = model.fc.weight.clone()`: head rows
            # whatever their name says
            bound_name = target.id if isinstance(target, ast.Name) else self_attribute(target)
            if bound_name:
                is_head = isinstance(value, Taint) and value.kind == LABEL and value.orient in (ROWS, COLS)
                (self.head_names.add if is_head else self.head_names.discard)(bound_name)
        if value is None and unknown_call and isinstance(stmt.targets[0], ast.Tuple):
            self._unpack_weights(stmt.targets[0], stmt.value, env)
            for name in stmt.targets[0].elts:  # `emb, unemb, *_ = model.weights()`
                named = self._named_result(name)
                if named is not None and isinstance(name, ast.Name):
                    env[name.id] = named
        if len(stmt.targets) == 1:
            _orient_by_shape(stmt.targets[0], stmt.value, env)

    def _unpack_weights(self, target: ast.Tuple, value: ast.expr, env: dict[str, Any]) -> None:
        """`W, b = model.layers[-1].get_weights()`: the first item is what `[0]` of the call is (the
        last layer's kernel), the bias follows."""
        func = value.func if isinstance(value, ast.Call) else None
        if target.elts and isinstance(func, ast.Attribute) and func.attr == "get_weights":
            first = ast.Subscript(value=value, slice=ast.Constant(0), ctx=ast.Load())
            self._bind(target.elts[0], self.eval(ast.copy_location(first, value), env), env)
            return
        # `w, b = get_last_layer(model)`, `_, w, b = utils.get_model_and_last_layer(net)`: the last layer's
        # weight, its rows the labels' (medium confidence)
        name = callee(func, self.aliases) if func is not None else ""
        paths = [access_path(e) or "" if isinstance(e, (ast.Name, ast.Attribute)) else "" for e in target.elts]
        for weight in unpacked_last_layer_weights(name, paths):
            env[weight] = Taint(LABEL, ROWS, confidence="medium", source=f"{name}()")

    def _named_result(self, target: ast.AST) -> Any:
        """`W_U = torch.load("W_U.pt")`, `unembed = np.load(path)`, `classifier_weights =
        get_weights(net)`: an unknown call's result stored under a label-representation name is
        taken at its name (medium confidence), as the same name unbound would be."""
        if not isinstance(target, ast.Name) or _AMBIGUOUS_HINT.match(target.id):
            return None  # `head_weights = get_head(layer, h)` is as often an attention head's
        return self._e_Name(target, {})

    def _commented_head(self, stmt: ast.Assign) -> Taint | None:
        """`head_w = next(iter(torch.load(ckpt).values()))  # linear layer weight, one row per emotion`: an
        unknown call's result that its line's comment calls the head's weights (medium confidence)."""
        target = stmt.targets[0]
        if not isinstance(target, ast.Name) or stmt.lineno not in self._commented_heads:
            return None
        why = "its line's comment describes a classifier's weights"
        return Taint(LABEL, ROWS, confidence="medium", source=target.id, why=why)

    def _s_AnnAssign(self, stmt: ast.AnnAssign, env: dict[str, Any]) -> None:
        if stmt.value is not None:
            self._remember_strings([stmt.target], stmt.value)
            self._bind(stmt.target, self.eval(stmt.value, env), env)

    def _s_AugAssign(self, stmt: ast.AugAssign, env: dict[str, Any]) -> None:
        value = self._binop(stmt.op, stmt.target, stmt.value, env, stmt)
        self._bind(stmt.target, value, env)

    def _s_Return(self, stmt: ast.Return, env: dict[str, Any]) -> None:
        value = self.eval(stmt.value, env) if stmt.value is not None else None
        if self._returns is not None:
            self._returns.append(value)

    def _s_Expr(self, stmt: ast.Expr, env: dict[str, Any]) -> None:
        self.eval(stmt.value, env)

def _marimo_cell(stmt: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """`@app.cell` / `@app.cell(hide_code=True)`: a cell of a marimo notebook."""
    for dec in stmt.decorator_list:
        target = dec.func if isinstance(dec, ast.Call) else dec
        if isinstance(target, ast.Attribute) and target.attr == "cell" and isinstance(target.value, ast.Name):
            return True
    return False


_TOKEN_ROWS = re.compile(r"\b(?:all|every|each|\d[\d,]*|N) tokens?\b|\bvocabulary\b|\btoken space\b", re.I)


def _speaks_of_tokens(tree: ast.Module) -> bool:
    """Do the string constants of the code (printed messages; an f-string's fields read as N)
    count rows as tokens?"""
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            text = "".join(str(v.value) if isinstance(v, ast.Constant) else "N" for v in node.values)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        else:
            continue
        if _TOKEN_ROWS.search(text):
            return True
    return False


_AMBIGUOUS_HINT = re.compile(r"^(head|linear)_weights?$")
# a value read off the model's states (`output_embedding = outputs.hidden_states[-1][0, 0].float()`): a
# hidden state whatever its name says, not the head's rows
_OF_STATES = re.compile(r"hidden|activation|resid|last_state", re.I)


# a module's forward passes (`forward`, `cosine_forward`, `__call__`)
_FORWARD_PASS = re.compile(r"^(?:forward\w*|\w+_forward|__call__)$")


def _analysis_order(m: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[bool, bool, bool, bool]:
    """`__init__` first, then the methods that set attributes (`fit`: `self.W = normalize(fc.weight)`), so
    that a method another one calls earlier in the class sees them: first those that seed one from
    elsewhere (`local_eval`: `self.supports = self.classifier.weight.data`), then those that only rework
    their own (`self.supports = self.supports[keep]`), a forward pass last. (A helper's result is read
    when it is first analysed: one that trims the bank before the bank is seeded would return nothing.)"""
    sets = _attribute_sets(m)
    seeds = any(not _reads_self_attribute(value, name) for name, value in sets)
    return m.name != "__init__", not sets, not seeds, bool(_FORWARD_PASS.match(m.name))


def _attribute_sets(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[tuple[str, ast.expr]]:
    """The method's `self.<name> = value` assignments, as (name, value)."""
    return [
        (self_attribute(tg), sub.value)
        for sub in ast.walk(node)
        if isinstance(sub, ast.Assign)
        for tg in sub.targets
        if self_attribute(tg)
    ]


def _reads_self_attribute(value: ast.expr, name: str) -> bool:
    """Does `value` read `self.<name>` (`self.supports[keep]`, `torch.cat([self.supports, z])`)?"""
    return any(self_attribute(n) == name for n in ast.walk(value))


def _takes_self(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A plain method (not a static or class method) whose first parameter is `self`."""
    args = node.args.posonlyargs + node.args.args
    plain = not any(getattr(d, "id", "") in ("staticmethod", "classmethod") for d in node.decorator_list)
    return plain and bool(args) and args[0].arg == "self"
