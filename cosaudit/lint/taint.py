"""Taint analysis of Python code on its syntax tree.

Names bound to label-representation *sources* (head weights, TransformerLens `W_U`, classifier
`fc.weight`, state-dict keys …) are followed through indexing, transposes, conversions and
assignments to *similarity sinks* (cosine functions, normalise-then-matmul, dot products, Gram
matrices, distances), and from there to *interpretation sinks* (heatmaps, top-k lists,
clustering, correlation with behaviour). Mitigations travel with the taint: centering over the
label axis, differences of rows, whitening.

The analysis is flow-insensitive within straight-line code, follows module-level helper
functions through per-call summaries, and never executes anything.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field, replace
from typing import Any

from cosaudit.lint import patterns as P

LABEL, INPUT, DIFF, MEAN, PARAM = "label", "input", "diff", "mean", "param"
ROWS, COLS, VEC, SEL = "rows", "cols", "vec", "sel"
_MODULE_ROOTS = {
    "torch",
    "np",
    "numpy",
    "jnp",
    "jax",
    "tf",
    "F",
    "nn",
    "sklearn",
    "scipy",
    "safetensors",
}


@dataclass(frozen=True)
class Taint:
    """What a value is, as far as label geometry goes."""

    kind: str
    orient: str = ROWS
    centered: bool = False
    normalized: bool = False
    whitened: bool = False
    root: str | None = None
    confidence: str = "high"
    source: str = ""
    param: int | None = None
    mean_ok: bool = False

    def flipped(self) -> Taint:
        return replace(self, orient={ROWS: COLS, COLS: ROWS}.get(self.orient, self.orient))


@dataclass
class Derived:
    kind: str  # "display" (COS103) or "behaviour" (COS104)
    pos: tuple[int, int]
    what: str


@dataclass
class Event:
    """One similarity sink reached by label representations."""

    kind: str  # cosine | dot | euclid
    a: Taint
    b: Taint | None  # None: one vector ranked against all label rows
    pos: tuple[int, int]  # (line, col_offset) in the analysed source
    what: str
    derived: list[Derived] = field(default_factory=list)
    helper: str | None = None

    @property
    def ranking(self) -> bool:
        return self.b is None

    @property
    def pending(self) -> bool:
        return self.a.kind == PARAM or (self.b is not None and self.b.kind == PARAM)

    @property
    def operands(self) -> list[Taint]:
        return [self.a] if self.b is None else [self.a, self.b]


@dataclass
class Sim:
    """A value computed by a similarity sink."""

    event: Event


@dataclass
class TupleVal:
    items: list[Any]


@dataclass
class ModelObj:
    """A model whose loading tells us about its head (TransformerLens processing, probes)."""

    centered: bool = False
    probe: bool = False
    scaler: bool = False
    root: str | None = None


@dataclass
class SinkFn:
    """A callable object that computes a similarity (`nn.CosineSimilarity(dim=0)`)."""

    kind: str
    dim: int | None


@dataclass
class FuncInfo:
    node: ast.FunctionDef | ast.AsyncFunctionDef
    analysed: bool = False
    templates: list[Event] = field(default_factory=list)
    returns: Any = None
    reported_in_body: bool = False
    params: list[str] = field(default_factory=list)


def access_path(node: ast.AST) -> str | None:
    """Access path: `model.lm_head.weight`; `sd.fc.weight` for sd['fc.weight']; `m.f().weight`."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = access_path(node.value)
        return None if base is None else f"{base}.{node.attr}"
    if isinstance(node, ast.Call):
        func = node.func
        if (
            isinstance(func, ast.Attribute)
            and func.attr in ("get_tensor", "get_slice", "get", "pop")
            and node.args
        ):
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                base = access_path(func.value) or "_"
                return f"{base}.{arg.value}"
        base = access_path(func)
        return None if base is None else f"{base}()"
    if isinstance(node, ast.Subscript):
        base = access_path(node.value)
        if base is None:
            return None
        sl = node.slice
        if isinstance(sl, ast.Constant) and isinstance(sl.value, str):
            return f"{base}.{sl.value}"
        if isinstance(sl, ast.Constant) and isinstance(sl.value, int):
            return f"{base}[{sl.value}]"
        if (
            isinstance(sl, ast.UnaryOp)
            and isinstance(sl.op, ast.USub)
            and isinstance(sl.operand, ast.Constant)
        ):
            return f"{base}[-{sl.operand.value}]"
        return None
    return None


def _root(path: str) -> str | None:
    head = re.split(r"[.\[(]", path, maxsplit=1)[0]
    return None if head in _MODULE_ROOTS or head in ("self", "_") else head


def match_source(path: str) -> tuple[str, str] | None:
    if not P.ANY_SOURCE.search(path):
        return None
    for pat, kind, orient in P.SOURCES:
        if pat.search(path):
            return kind, orient
    return None


def _const(node: ast.AST | None) -> Any:
    if isinstance(node, ast.Constant):
        return node.value
    if (
        isinstance(node, ast.UnaryOp)
        and isinstance(node.op, ast.USub)
        and isinstance(node.operand, ast.Constant)
    ):
        v = node.operand.value
        return -v if isinstance(v, (int, float)) else None
    return None


def _product_kind(a: Taint, b: Taint) -> str:
    """A product of two label representations is a cosine if either side was normalised."""
    return "cosine" if (a.normalized or b.normalized) else "dot"


def _first_sim(*values: Any) -> Sim | None:
    """The first operand that is already a similarity (it flows on through the expression)."""
    for v in values:
        if isinstance(v, Sim):
            return v
    return None


def _kw(call: ast.Call, *names: str) -> ast.AST | None:
    for kw in call.keywords:
        if kw.arg in names:
            return kw.value
    return None


def _callee(func: ast.AST, aliases: dict[str, str]) -> str:
    if isinstance(func, ast.Name):
        return aliases.get(func.id, func.id)
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _contains_norm(node: ast.AST) -> bool:
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call):
            name = (
                sub.func.attr
                if isinstance(sub.func, ast.Attribute)
                else getattr(sub.func, "id", "")
            )
            if name in P.NORM_CALLS or name in ("sqrt",):
                return True
    return False


def _label_axis_ok_torch(t: Taint, dim: Any) -> bool:
    """Does F.cosine_similarity(..., dim) compare label vectors (not hidden dimensions)?"""
    if t.orient == VEC:
        return True
    if t.orient in (ROWS, SEL):
        return dim in (None, 1, -1)
    return dim in (0, -2)


class Analyzer:
    """Runs over one module; collects `events`."""

    def __init__(self, tree: ast.Module):
        self.tree = tree
        self.events: list[Event] = []
        self.aliases: dict[str, str] = {}
        self.functions: dict[str, FuncInfo] = {}
        self.globals: dict[str, Any] = {}
        self._quiet = 0  # >0 inside forward passes / initialisers: no events
        self._denominator = 0
        self._returns: list[Any] | None = None
        self._current_events: list[Event] | None = None
        # string constants that are prose: docstrings, and text passed to print / st.markdown / …
        self.prose_strings: list[ast.Constant] = []

    # ---------------------------------------------------------------- statements
    def run(self) -> list[Event]:
        self._block(self.tree.body, self.globals)
        for info in list(self.functions.values()):
            if not info.analysed:
                self._analyse_function(info)
        return [e for e in self.events if not e.pending]

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
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            for alias in stmt.names:
                bound = alias.asname or alias.name.split(".")[0]
                if alias.asname:
                    self.aliases[alias.asname] = alias.name.split(".")[-1]
                env.setdefault(bound, None)  # imported names are not label representations
            return
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            info = FuncInfo(stmt, params=[a.arg for a in stmt.args.posonlyargs + stmt.args.args])
            env[stmt.name] = info
            if env is self.globals:
                self.functions[stmt.name] = info
            else:
                self._analyse_function(info, env)
            return
        if isinstance(stmt, ast.ClassDef):
            for sub in stmt.body:
                if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    info = FuncInfo(
                        sub, params=[a.arg for a in sub.args.posonlyargs + sub.args.args]
                    )
                    self._analyse_function(info)
                else:
                    self._stmt(sub, dict(env))
            return
        if isinstance(stmt, ast.Assign):
            value = self.eval(stmt.value, env)
            for target in stmt.targets:
                self._bind(target, value, env)
            return
        if isinstance(stmt, ast.AnnAssign):
            if stmt.value is not None:
                self._bind(stmt.target, self.eval(stmt.value, env), env)
            return
        if isinstance(stmt, ast.AugAssign):
            value = self._binop(stmt.op, stmt.target, stmt.value, env, stmt)
            self._bind(stmt.target, value, env)
            return
        if isinstance(stmt, (ast.For, ast.AsyncFor)):
            self._bind_iter(stmt.target, stmt.iter, env)
            self._block(stmt.body, env)
            self._block(stmt.orelse, env)
            return
        if isinstance(stmt, (ast.With, ast.AsyncWith)):
            for item in stmt.items:
                value = self.eval(item.context_expr, env)
                if item.optional_vars is not None:
                    self._bind(item.optional_vars, value, env)
            self._block(stmt.body, env)
            return
        if isinstance(stmt, ast.Return):
            value = self.eval(stmt.value, env) if stmt.value is not None else None
            if self._returns is not None:
                self._returns.append(value)
            return
        if isinstance(stmt, ast.Expr):
            self.eval(stmt.value, env)
            return
        for name in ("body", "orelse", "finalbody"):
            block = getattr(stmt, name, None)
            if isinstance(block, list):
                if isinstance(stmt, (ast.If, ast.While)) and name == "body":
                    self.eval(stmt.test, env)
                self._block(block, env)
        for handler in getattr(stmt, "handlers", []) or []:
            self._block(handler.body, env)
        if isinstance(stmt, ast.Match):
            for case in stmt.cases:
                self._block(case.body, env)

    def _bind(self, target: ast.AST, value: Any, env: dict[str, Any]) -> None:
        if isinstance(target, ast.Name):
            env[target.id] = value
        elif isinstance(target, (ast.Tuple, ast.List)):
            if isinstance(value, TupleVal) and len(value.items) == len(target.elts):
                for t, v in zip(target.elts, value.items, strict=True):
                    self._bind(t, v, env)
            else:
                elem = self._element(value)
                for t in target.elts:
                    self._bind(t, elem, env)
        elif isinstance(target, ast.Attribute):
            path = access_path(target)
            if path:
                env[path] = value
        elif isinstance(target, ast.Subscript):
            base = access_path(target.value)
            if base and isinstance(value, Sim):
                env[base] = value
        elif isinstance(target, ast.Starred):
            self._bind(target.value, value, env)

    @staticmethod
    def _element(value: Any) -> Any:
        if isinstance(value, Taint):
            if value.orient in (ROWS, SEL):
                return replace(value, orient=VEC)
            return None
        if isinstance(value, Sim):
            return value
        return None

    def _bind_iter(self, target: ast.AST, it: ast.AST, env: dict[str, Any]) -> None:
        if (
            isinstance(it, ast.Call)
            and isinstance(it.func, ast.Name)
            and it.func.id in ("zip", "enumerate")
        ):
            vals = [self._element(self.eval(a, env)) for a in it.args]
            if it.func.id == "enumerate":
                vals = [None] + vals[:1]
            self._bind(target, TupleVal(vals), env)
            return
        self._bind(target, self._element(self.eval(it, env)), env)

    # ---------------------------------------------------------------- functions
    def _analyse_function(self, info: FuncInfo, outer: dict[str, Any] | None = None) -> None:
        if info.analysed:
            return
        info.analysed = True
        node = info.node
        env = dict(self.globals if outer is None else outer)
        args = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
        for i, a in enumerate(args):
            hint = None
            for pat, orient in P.NAME_HINTS:
                if pat.match(a.arg):
                    hint = Taint(LABEL, orient, confidence="medium", source=a.arg)
            env[a.arg] = hint if hint is not None else Taint(PARAM, VEC, param=i, source=a.arg)
        quiet = bool(P.FORWARD_FUNCS.search(node.name))
        saved = (self._returns, self._quiet, self._current_events)
        self._returns = []
        self._current_events = []
        if quiet:
            self._quiet += 1
        try:
            self._block(node.body, env)
        finally:
            returns, events = self._returns, self._current_events
            self._returns, self._quiet, self._current_events = saved
        info.templates = [e for e in events if e.pending]
        info.reported_in_body = any(not e.pending for e in events)
        info.returns = next((r for r in returns if r is not None), None)

    def _call_user_function(self, info: FuncInfo, call: ast.Call, env: dict[str, Any]) -> Any:
        if not info.analysed:
            self._analyse_function(info)
        actual: dict[int, Any] = {}
        for i, a in enumerate(call.args):
            actual[i] = self.eval(a, env)
        for kw in call.keywords:
            if kw.arg in info.params:
                actual[info.params.index(kw.arg)] = self.eval(kw.value, env)
        made: dict[int, Event] = {}
        if not info.reported_in_body:
            for tmpl in info.templates:
                ops: list[Taint | None] = []
                ok = True
                for op in tmpl.operands:
                    if op.kind == PARAM:
                        v = actual.get(op.param if op.param is not None else -1)
                        if not isinstance(v, Taint) or v.kind not in (LABEL, INPUT):
                            ok = False
                            break
                        ops.append(
                            replace(
                                v,
                                normalized=v.normalized or op.normalized,
                                centered=v.centered or op.centered,
                            )
                        )
                    else:
                        ops.append(op)
                if not ok:
                    continue
                ev = Event(
                    tmpl.kind,
                    ops[0],
                    ops[1] if len(ops) > 1 else None,
                    self._pos(call),
                    tmpl.what,
                    [Derived(d.kind, d.pos, d.what) for d in tmpl.derived],
                    helper=info.node.name,
                )
                made[id(tmpl)] = ev
                self._emit(ev)
        ret = info.returns
        if isinstance(ret, Sim):
            ev = made.get(id(ret.event))
            return Sim(ev) if ev is not None else (ret if not ret.event.pending else None)
        if isinstance(ret, Taint):
            if ret.kind == PARAM:
                v = actual.get(ret.param if ret.param is not None else -1)
                return v if isinstance(v, Taint) else None
            return ret
        return ret if isinstance(ret, (ModelObj, TupleVal)) else None

    # ---------------------------------------------------------------- expressions
    def _pos(self, node: ast.AST) -> tuple[int, int]:
        return (getattr(node, "lineno", 1), getattr(node, "col_offset", 0))

    def _emit(self, ev: Event) -> None:
        if self._quiet:
            return
        self.events.append(ev)
        if self._current_events is not None:
            self._current_events.append(ev)

    def _sink(self, kind: str, a: Taint, b: Taint | None, node: ast.AST, what: str) -> Sim:
        """A similarity sink reached at `node`: record the event; its value is a `Sim`."""
        ev = Event(kind, a, b, self._pos(node), what)
        self._emit(ev)
        return Sim(ev)

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

    def _source_taint(self, path: str, env: dict[str, Any]) -> Taint | None:
        found = match_source(path)
        if found is None:
            return None
        kind, orient = found
        root = _root(path)
        centered = False
        obj = env.get(root) if root else None
        if (
            isinstance(obj, ModelObj)
            and obj.centered
            and orient == COLS
            or (isinstance(obj, ModelObj) and obj.centered and "W_U" in path)
        ):
            centered = True
        return Taint(
            kind,
            orient,
            centered=centered,
            root=root,
            source=path,
            confidence="high" if "." in path else "medium",
        )

    def _e_Name(self, node: ast.Name, env: dict[str, Any]) -> Any:
        if node.id in env:
            return env[node.id]
        if not P.ANY_NAME_HINT.match(node.id):
            return None
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
                return env[path]
            src = self._source_taint(path, env)
            if src is not None:
                return src
        base = self.eval(node.value, env)
        if isinstance(base, Taint):
            if node.attr in ("T", "mT", "H"):
                return base.flipped()
            if node.attr in ("weight", "data", "real", "values"):
                return base
            return None
        if isinstance(base, Sim):
            return base
        if isinstance(base, ModelObj):
            if base.probe and node.attr == "coef_":
                # multinomial L2-penalised coefficients sum to zero over classes: already centered
                return Taint(LABEL, ROWS, centered=True, root=base.root, source="coef_")
            if node.attr == "W_U":
                return Taint(
                    LABEL, COLS, centered=base.centered, root=base.root, source=path or "W_U"
                )
            if node.attr == "W_E":
                return Taint(INPUT, ROWS, root=base.root, source=path or "W_E")
            return base if node.attr in ("unembed", "model") else None
        return None

    def _e_Subscript(self, node: ast.Subscript, env: dict[str, Any]) -> Any:
        path = access_path(node)
        if (
            path is not None
            and isinstance(node.slice, ast.Constant)
            and isinstance(node.slice.value, str)
        ):
            src = self._source_taint(path, env)
            if src is not None:
                return src
        if path is not None and path.endswith("]"):
            src = self._source_taint(path, env)
            if src is not None:
                return src
        base = self.eval(node.value, env)
        self.eval(node.slice, env)
        if isinstance(base, Sim):
            return base
        if isinstance(base, TupleVal):
            idx = _const(node.slice)
            if isinstance(idx, int) and -len(base.items) <= idx < len(base.items):
                return base.items[idx]
            return None
        if not isinstance(base, Taint):
            return None
        sl = node.slice
        elts = list(sl.elts) if isinstance(sl, ast.Tuple) else [sl]

        # drop None/np.newaxis (broadcasting) and Ellipsis
        def is_full(e: ast.AST) -> bool:
            return (
                isinstance(e, ast.Slice) and e.lower is None and e.upper is None and e.step is None
            )

        real = [e for e in elts if not (isinstance(e, ast.Constant) and e.value is None)]
        ellipsis = any(isinstance(e, ast.Constant) and e.value is Ellipsis for e in real)
        real = [e for e in real if not (isinstance(e, ast.Constant) and e.value is Ellipsis)]
        if not real:
            return base

        def selection(e: ast.AST) -> str:
            if isinstance(_const(e), int) or isinstance(e, ast.Name):
                return VEC
            return SEL

        if base.orient == VEC:
            return None if not is_full(real[0]) else base
        if all(is_full(e) for e in real):
            return base  # W[None, :, :], W[:, None] — broadcasting views of the same rows
        if base.orient in (ROWS, SEL):
            if ellipsis:
                return None
            first = real[0]
            if len(real) >= 2 and is_full(first):
                return None  # a column: hidden dimensions, not labels
            if is_full(first):
                return base
            return replace(
                base, orient=selection(first) if not isinstance(first, ast.Slice) else SEL
            )
        # COLS: label axis is the last one
        if len(real) >= 2 or ellipsis:
            last = real[-1]
            if len(real) >= 2 and not is_full(real[0]):
                return None
            if is_full(last):
                return base
            sel = selection(last)
            return replace(base, orient=VEC) if sel == VEC else base
        return None  # W_U[i]: a row of hidden dimension i

    def _e_Tuple(self, node: ast.Tuple | ast.List, env: dict[str, Any]) -> Any:
        return TupleVal([self.eval(e, env) for e in node.elts])

    _e_List = _e_Tuple

    def _comprehension(self, node: Any, env: dict[str, Any], elt: ast.AST) -> Any:
        local = dict(env)
        for gen in node.generators:
            self._bind_iter(gen.target, gen.iter, local)
            for cond in gen.ifs:
                self.eval(cond, local)
        value = self.eval(elt, local)
        if isinstance(value, Taint) and value.orient == VEC:
            return replace(value, orient=SEL)
        if isinstance(value, Sim):
            return value
        return None

    def _e_ListComp(self, node: ast.ListComp, env: dict[str, Any]) -> Any:
        return self._comprehension(node, env, node.elt)

    _e_GeneratorExp = _e_ListComp
    _e_SetComp = _e_ListComp

    def _e_DictComp(self, node: ast.DictComp, env: dict[str, Any]) -> Any:
        return self._comprehension(node, env, node.value)

    def _e_Dict(self, node: ast.Dict, env: dict[str, Any]) -> Any:
        vals = [self.eval(v, env) for v in node.values]
        return next((v for v in vals if isinstance(v, Sim)), None)

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
        return a if a is not None else b

    def _e_JoinedStr(self, node: ast.JoinedStr, env: dict[str, Any]) -> Any:
        for v in node.values:
            if isinstance(v, ast.FormattedValue):
                self.eval(v.value, env)
        return None

    def _e_Lambda(self, node: ast.Lambda, env: dict[str, Any]) -> Any:
        return None

    def _e_BinOp(self, node: ast.BinOp, env: dict[str, Any]) -> Any:
        return self._binop(node.op, node.left, node.right, env, node)

    def _binop(
        self,
        op: ast.operator,
        left_node: ast.AST,
        right_node: ast.AST,
        env: dict[str, Any],
        node: ast.AST,
    ) -> Any:
        if isinstance(op, ast.Div):
            left = self.eval(left_node, env)
            self._denominator += 1
            try:
                right = self.eval(right_node, env)
            finally:
                self._denominator -= 1
            normed = _contains_norm(right_node)
            if isinstance(left, Sim):
                if normed and left.event.kind == "dot":
                    left.event.kind = "cosine"
                return left
            if isinstance(left, Taint):
                return replace(left, normalized=True) if normed else left
            if isinstance(right, Sim):
                return right
            return None
        left = self.eval(left_node, env)
        right = self.eval(right_node, env)
        if isinstance(op, ast.MatMult):
            # label rows times a whitening matrix (either side): whitened label rows
            for t, other, other_node in ((left, right, right_node), (right, left, left_node)):
                if (
                    isinstance(t, Taint)
                    and other is None
                    and isinstance(other_node, (ast.Name, ast.Attribute))
                    and P.WHITEN_NAME.search(access_path(other_node) or "")
                ):
                    return replace(t, whitened=True)
            return self._dot_sink(left, right, node, "@")
        if isinstance(op, ast.Sub):
            return self._subtract(left, right)
        if (
            isinstance(op, ast.Mult)
            and self._labelish(left)
            and self._labelish(right)
            and left.orient == VEC
            and right.orient == VEC
        ):
            # (w_a * w_b).sum(): an elementwise product summed is a dot product
            return self._sink(_product_kind(left, right), left, right, node, "elementwise product")
        sim = _first_sim(left, right)
        if sim is not None:
            return sim
        if isinstance(op, ast.Add) and isinstance(left, Taint) and isinstance(right, Taint):
            if left.kind == LABEL and right.kind == LABEL:
                return replace(left, orient=VEC if left.orient == VEC else left.orient)
            return left if left.kind == DIFF else right if right.kind == DIFF else None
        if isinstance(op, (ast.Mult, ast.Add)):
            if isinstance(left, Taint) and right is None:
                return left if left.kind != PARAM or isinstance(op, ast.Mult) else left
            if isinstance(right, Taint) and left is None and isinstance(op, ast.Mult):
                return right
        return None

    def _subtract(self, left: Any, right: Any) -> Any:
        sim = _first_sim(left, right)
        if sim is not None:
            return sim
        if isinstance(left, Taint) and isinstance(right, Taint):
            if right.kind == MEAN:
                return replace(left, centered=True) if right.mean_ok else left
            if left.kind in (LABEL, INPUT, DIFF, PARAM) and right.kind in (
                LABEL,
                INPUT,
                DIFF,
                PARAM,
            ):
                if left.kind == PARAM and right.kind == PARAM:
                    return Taint(DIFF, VEC)
                return Taint(
                    DIFF,
                    VEC if left.orient == VEC else left.orient,
                    root=left.root if left.root == right.root else None,
                    source=left.source,
                )
        if isinstance(left, Taint) and left.kind != MEAN:
            return left
        return None

    def _mean(self, base: Taint, call: ast.Call, axis_node: ast.AST | None) -> Taint:
        axis = _const(axis_node)
        if base.orient in (ROWS, SEL):
            ok = axis in (0, -2)
        elif base.orient == COLS:
            ok = axis in (1, -1)
        else:
            ok = False
        return Taint(MEAN, base.orient, root=base.root, mean_ok=ok, source=base.source)

    def _e_Call(self, node: ast.Call, env: dict[str, Any]) -> Any:  # noqa: C901
        func = node.func
        name = _callee(func, self.aliases)
        if (
            name in _CODE_STRING_CALLS
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            self._code_string(node.args[0].value, node)
        if name in _PROSE_CALLS:
            for a in node.args:
                if isinstance(a, ast.Constant) and isinstance(a.value, str):
                    self.prose_strings.append(a)
                elif isinstance(a, ast.JoinedStr):
                    self.prose_strings += [v for v in a.values if isinstance(v, ast.Constant)]
        path = access_path(node)
        if (
            path is not None
            and isinstance(func, ast.Attribute)
            and func.attr in ("get_tensor", "get_slice")
        ):
            src = self._source_taint(path, env)
            if src is not None:
                return src
        # a callable object bound earlier (nn.CosineSimilarity, user helper)
        fval = self.eval(func, env) if isinstance(func, ast.Name) else None
        if isinstance(fval, SinkFn):
            args = [self.eval(a, env) for a in node.args[:2]]
            return self._cosine_sink(
                args, node, fval.dim, torch_style=True, what="CosineSimilarity"
            )
        if isinstance(fval, FuncInfo):
            return self._call_user_function(fval, node, env)
        if isinstance(func, ast.Call):
            inner = self.eval(func, env)
            if isinstance(inner, SinkFn):
                args = [self.eval(a, env) for a in node.args[:2]]
                return self._cosine_sink(
                    args, node, inner.dim, torch_style=True, what="CosineSimilarity"
                )
        # methods on tainted receivers
        receiver = self.eval(func.value, env) if isinstance(func, ast.Attribute) else None
        if isinstance(func, ast.Attribute) and receiver is not None:
            out = self._method(receiver, func.attr, node, env)
            if out is not _NOTHING:
                return out
        # constructors that tell us about the model
        if (
            name in ("from_pretrained", "from_pretrained_no_processing")
            and isinstance(func, ast.Attribute)
            and "Hooked" in (access_path(func.value) or "")
        ):
            center = _kw(node, "center_unembed")
            centered = name == "from_pretrained" and not (
                isinstance(center, ast.Constant) and center.value is False
            )
            return ModelObj(centered=centered)
        if name in ("HookedTransformer", "HookedSAETransformer"):
            return ModelObj(centered=False)
        if name in (
            "LogisticRegression",
            "LogisticRegressionCV",
            "LinearSVC",
            "RidgeClassifier",
            "SGDClassifier",
        ):
            return ModelObj(probe=True)
        if name == "StandardScaler":
            return ModelObj(scaler=True)
        if name == "CosineSimilarity":
            dim = (
                _const(_kw(node, "dim"))
                if _kw(node, "dim") is not None
                else (_const(node.args[0]) if node.args else 1)
            )
            return SinkFn("cosine", dim)
        args = [self.eval(a, env) for a in node.args]
        kwargs = {kw.arg: self.eval(kw.value, env) for kw in node.keywords if kw.arg}
        if name == "tokens_to_residual_directions":
            model = receiver if isinstance(receiver, ModelObj) else None
            root = _root(access_path(func) or "") if isinstance(func, ast.Attribute) else None
            return Taint(
                LABEL,
                VEC,
                centered=bool(model and model.centered),
                root=root,
                source="tokens_to_residual_directions",
            )
        if name in P.COSINE_CALLS:
            dim_node = _kw(node, "dim", "axis")
            if dim_node is None and len(node.args) > 2:
                dim_node = node.args[2]
            torch_style = isinstance(func, ast.Attribute) and (access_path(func.value) or "") in (
                "F",
                "torch",
                "torch.nn.functional",
                "nn.functional",
                "functional",
            )
            torch_style = torch_style or (name == "cosine_similarity" and dim_node is not None)
            dim = _const(dim_node) if dim_node is not None else None
            if len(args) == 1 or (len(args) >= 2 and args[1] is None and len(node.args) < 2):
                return self._cosine_sink(
                    [args[0], args[0]], node, dim, torch_style=False, what=name, single=True
                )
            return self._cosine_sink(args[:2], node, dim, torch_style=torch_style, what=name)
        if name == "cosine" and len(args) == 2:
            return self._cosine_sink(args, node, None, torch_style=False, what="scipy cosine")
        if name in P.METRIC_CALLS:
            # `metric=` decides; else any positional string (linkage(X, 'average', 'cosine'));
            # `method=` names the linkage rule, not the metric (ward implies Euclidean)
            metric = _kw(node, "metric")
            mval = _const(metric) if metric is not None else None
            if mval is None:
                strings = [_const(a) for a in node.args[1:] if isinstance(_const(a), str)]
                mval = next((m for m in strings if m in ("cosine", "correlation")), None)
                if mval is None and (strings or _kw(node, "method") is not None):
                    mval = "euclidean"
            data = args[0] if args else None
            if name in (
                "TSNE",
                "UMAP",
                "NearestNeighbors",
                "AgglomerativeClustering",
                "KNeighborsClassifier",
            ):
                return (
                    SinkFn("cluster:" + str(mval or "euclidean"), None)
                    if mval
                    else SinkFn("cluster:euclidean", None)
                )
            if isinstance(data, Taint):
                other = (
                    args[1]
                    if name == "cdist" and len(args) > 1 and isinstance(args[1], Taint)
                    else data
                )
                single = other is data
                if mval == "cosine" or mval == "correlation":
                    sim = self._cosine_sink(
                        [data, other], node, None, torch_style=False, what=name, single=single
                    )
                else:
                    sim = self._pair_sink(
                        "euclid",
                        [data, other],
                        node,
                        name,
                        single=single,
                        torch_style=False,
                        dim=None,
                    )
                if sim is not None and name == "linkage":
                    self._derive(sim, "display", node, "linkage")
                return sim
            if isinstance(data, Sim):
                self._derive(data, "display", node, name)
                return data
            return None
        if name in ("dist", "euclidean") and len(args) >= 2:
            return self._pair_sink(
                "euclid", args[:2], node, name, single=False, torch_style=False, dim=None
            )
        if name in ("euclidean_distances", "pairwise_euclidean_distance") and args:
            other = args[1] if len(args) > 1 else args[0]
            return self._pair_sink(
                "euclid",
                [args[0], other],
                node,
                name,
                single=len(args) == 1,
                torch_style=False,
                dim=None,
            )
        if name in P.NORM_CALLS and args:
            return self._norm(args[0], node)
        if name in P.NORMALIZE_CALLS and args:
            a = args[0]
            if (
                name == "normalize_L2"
                and isinstance(a, Taint)
                and node.args
                and isinstance(node.args[0], ast.Name)
            ):
                env[node.args[0].id] = replace(a, normalized=True)  # FAISS normalises in place
                return None
            if isinstance(a, Taint):
                return replace(a, normalized=True)
            return a if isinstance(a, Sim) else None
        if name in P.DOT_CALLS and name != "einsum" and len(args) >= 2:
            return self._dot_sink(args[0], args[1], node, name)
        if name == "einsum":
            return self._einsum(node, args)
        if (
            name in ("mean",)
            and isinstance(func, ast.Attribute)
            and args
            and isinstance(args[0], Taint)
        ):
            return self._mean(
                args[0],
                node,
                _kw(node, "axis", "dim") or (node.args[1] if len(node.args) > 1 else None),
            )
        if name == "scale" and args and isinstance(args[0], Taint):
            return replace(args[0], centered=True)
        if name in P.STACK_CALLS and args:
            first = args[0]
            items = first.items if isinstance(first, TupleVal) else [first]
            taints = [t for t in items if isinstance(t, Taint)]
            if taints and len(taints) == len(items):
                roots = {t.root for t in taints}
                return replace(taints[0], orient=SEL, root=roots.pop() if len(roots) == 1 else None)
            if isinstance(first, Taint):
                return first
            return next((t for t in items if isinstance(t, Sim)), None)
        if name in P.PROPAGATE_CALLS and args:
            a = args[0]
            if isinstance(a, TupleVal):
                taints = [t for t in a.items if isinstance(t, Taint)]
                if taints and len(taints) == len(a.items):
                    return replace(taints[0], orient=SEL)
                return next((t for t in a.items if isinstance(t, Sim)), None)
            return a if isinstance(a, (Taint, Sim)) else None
        if name in P.ANGLE_CALLS and args and isinstance(args[0], Sim):
            return args[0]
        sims = [a for a in list(args) + list(kwargs.values()) if isinstance(a, Sim)]
        for a in args:
            if isinstance(a, TupleVal):
                sims += [x for x in a.items if isinstance(x, Sim)]
        if sims:
            if name in P.BEHAVIOUR_CALLS:
                for s in sims:
                    self._derive(s, "behaviour", node, name)
                return sims[0]
            if name in P.DISPLAY_CALLS:
                for s in sims:
                    self._derive(s, "display", node, name)
                return sims[0]
            if name in ("dump", "dumps", "save", "write") and _mentions_similarity(node):
                self._derive(sims[0], "display", node, name)
            return sims[0]
        return None

    def _method(self, receiver: Any, meth: str, node: ast.Call, env: dict[str, Any]) -> Any:
        if (
            isinstance(receiver, SinkFn)
            and receiver.kind.startswith("cluster:")
            and meth in ("fit", "fit_transform", "kneighbors", "fit_predict")
        ):
            data = self.eval(node.args[0], env) if node.args else None
            metric = receiver.kind.split(":", 1)[1]
            if isinstance(data, Taint):
                if metric in ("cosine", "correlation"):
                    sim = self._cosine_sink(
                        [data, data], node, None, torch_style=False, what=meth, single=True
                    )
                else:
                    sim = self._pair_sink(
                        "euclid", [data, data], node, meth, single=True, torch_style=False, dim=None
                    )
                if sim is not None:
                    self._derive(sim, "display", node, meth)
                return sim
            if isinstance(data, Sim):
                self._derive(data, "display", node, meth)
                return data
            return None
        if isinstance(receiver, ModelObj):
            if receiver.scaler and meth in ("fit_transform", "transform") and node.args:
                data = self.eval(node.args[0], env)
                return replace(data, centered=True) if isinstance(data, Taint) else None
            if meth == "tokens_to_residual_directions":
                return Taint(LABEL, VEC, centered=receiver.centered, source=meth)
            if meth == "fit" and receiver.probe:
                return receiver
            return _NOTHING
        if isinstance(receiver, Sim):
            for a in node.args:
                self.eval(a, env)
            if meth in P.DISPLAY_METHODS:
                self._derive(receiver, "display", node, meth)
            elif meth in P.SAVE_METHODS and _mentions_similarity(node):
                self._derive(receiver, "display", node, meth)
            elif meth in ("corr",):
                self._derive(receiver, "behaviour", node, meth)
            return receiver
        if isinstance(receiver, Taint):
            args = [self.eval(a, env) for a in node.args]
            if meth in P.PROPAGATE_METHODS or meth in ("reshape", "view", "unsqueeze", "expand"):
                return receiver
            if meth in P.TRANSPOSE_METHODS:
                return receiver.flipped()
            if meth == "mean":
                axis = _kw(node, "dim", "axis") or (node.args[0] if node.args else None)
                return self._mean(receiver, node, axis)
            if meth in P.NORM_CALLS:
                return self._norm(receiver, node)
            if meth in ("sub", "subtract"):
                return self._subtract(receiver, args[0] if args else None)
            if meth in ("div", "divide", "true_divide"):
                return (
                    replace(receiver, normalized=True)
                    if node.args and _contains_norm(node.args[0])
                    else receiver
                )
            if meth in P.DOT_CALLS and args:
                return self._dot_sink(receiver, args[0], node, meth)
            if meth in ("index_select",) and len(args) > 1:
                return replace(receiver, orient=SEL)
            if meth in ("append", "extend", "add"):
                return None
            return None
        if isinstance(receiver, TupleVal) and meth in ("append", "extend"):
            return None
        if meth in ("append", "extend", "add", "update", "insert") and isinstance(
            node.func, ast.Attribute
        ):
            vals = [self.eval(a, env) for a in node.args]
            sim = next((v for v in vals if isinstance(v, Sim)), None)
            base = access_path(node.func.value)
            if sim is not None and base:
                env[base] = sim
            return None
        return _NOTHING

    def _code_string(self, source: str, node: ast.Call) -> None:
        """Code written into a generated notebook cell: analysed at lower confidence, reported at
        the call that writes it."""
        try:
            tree = ast.parse(source)
        except SyntaxError:
            return
        sub = Analyzer(tree)
        for ev in sub.run():
            ev.pos = self._pos(node)
            ev.a = replace(ev.a, confidence="medium")
            if ev.b is not None:
                ev.b = replace(ev.b, confidence="medium")
            for d in ev.derived:
                d.pos = self._pos(node)
            self._emit(ev)

    # ---------------------------------------------------------------- sinks
    def _derive(self, sim: Sim, kind: str, node: ast.AST, what: str) -> None:
        pos = self._pos(node)
        if not any(d.pos == pos and d.kind == kind for d in sim.event.derived):
            sim.event.derived.append(Derived(kind, pos, what))

    def _norm(self, value: Any, node: ast.Call) -> Any:
        if self._denominator:
            return None
        if isinstance(value, Taint) and value.kind == DIFF and value.orient in (VEC, SEL, ROWS):
            a = Taint(LABEL, VEC, root=value.root, source=value.source)
            return self._sink("euclid", a, a, node, "norm of a difference")
        if isinstance(value, Sim):
            return value
        return None

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
        a, b = args[0], args[1]

        def axis_ok(t: Taint) -> bool:
            if torch_style:
                return _label_axis_ok_torch(t, dim)
            if single:
                return t.orient in (ROWS, SEL) or t.kind == PARAM
            return t.orient in (ROWS, SEL, VEC) or t.kind == PARAM

        la = self._labelish(a) and axis_ok(a)
        lb = self._labelish(b) and axis_ok(b)
        if la and lb:
            return self._sink(kind, a, b, node, what)
        for t, other in ((a, b), (b, a)):
            if (
                self._labelish(t)
                and axis_ok(t)
                and other is None
                and t.orient in (ROWS, COLS, SEL)
                and kind == "cosine"
            ):
                return self._sink("cosine", t, None, node, what)
        return _first_sim(a, b)

    def _dot_sink(self, a: Any, b: Any, node: ast.AST, what: str) -> Any:
        left = self._labelish(a) and a.orient in (ROWS, SEL, VEC)
        right = self._labelish(b) and b.orient in (COLS, VEC)
        if left and right:
            return self._sink(_product_kind(a, b), a, b, node, what)
        # one vector ranked against every label row: a cosine lens only if normalised
        for t, ok, other in ((a, left, b), (b, right, a)):
            if ok and other is None and t.orient in (ROWS, COLS, SEL) and t.normalized:
                return self._sink("cosine", t, None, node, what)
        return _first_sim(a, b)

    def _einsum(self, node: ast.Call, args: list[Any]) -> Any:
        spec = _const(node.args[0]) if node.args else None
        ops = args[1:3]
        if not isinstance(spec, str) or len(ops) < 2 or "->" not in spec:
            return None
        ins, out = spec.replace(" ", "").split("->")
        parts = ins.split(",")
        if len(parts) < 2:
            return None
        labelled = []
        for sub, t in zip(parts[:2], ops, strict=False):
            if not self._labelish(t) or not sub:
                labelled.append(False)
                continue
            if t.orient == VEC:
                labelled.append(True)
                continue
            label_letter = sub[-1] if t.orient == COLS else sub[0]
            labelled.append(label_letter in out)
        if all(labelled):
            return self._sink(_product_kind(ops[0], ops[1]), ops[0], ops[1], node, "einsum")
        for t, ok, other in ((ops[0], labelled[0], ops[1]), (ops[1], labelled[1], ops[0])):
            if ok and other is None and t.normalized and t.orient != VEC:
                return self._sink("cosine", t, None, node, "einsum")
        return None


_NOTHING = object()
_CODE_STRING_CALLS = {"new_code_cell"}
_PROSE_CALLS = {
    "print",
    "markdown",
    "Markdown",
    "write",
    "caption",
    "md",
    "info",
    "display_markdown",
}


def _mentions_similarity(node: ast.Call) -> bool:
    for sub in ast.walk(node):
        if (
            isinstance(sub, ast.Constant)
            and isinstance(sub.value, str)
            and re.search(r"simil|cosine|cos_", sub.value, re.I)
        ):
            return True
    return False


def analyse(tree: ast.Module) -> tuple[list[Event], list[ast.Constant]]:
    """(similarity events reached by label representations, prose string constants)."""
    a = Analyzer(tree)
    events = a.run()
    return events, a.prose_strings
