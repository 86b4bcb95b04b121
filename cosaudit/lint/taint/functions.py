"""User functions: each module-level function is analysed once, with its parameters as
placeholders; a call then instantiates the similarities found in its body with the arguments
(so a `cos(u, v)` helper is reported where it is applied to label rows)."""

from __future__ import annotations

import ast
import sys
from dataclasses import replace
from typing import Any

from cosaudit.lint import patterns as P
from cosaudit.lint.taint.host import AnalyzerHost
from cosaudit.lint.taint.indexing import PROBE_OPTION, probe_named, probe_option
from cosaudit.lint.taint.names import documented_head_return
from cosaudit.lint.taint.parameters import named_defaults, parameters
from cosaudit.lint.taint.sinks import against_class_means, one_label_row
from cosaudit.lint.taint.syntax import decorated, self_attribute
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
    ClassInfo,
    Derived,
    DictVal,
    Event,
    Exported,
    ForeignClass,
    ForeignFunction,
    FuncInfo,
    HeadModule,
    ImportedHelper,
    ModelObj,
    ProbeTensor,
    Sim,
    Taint,
    TupleVal,
    Unit,
    unfollowed,
    unfollowed_vector,
)


class FunctionRules(AnalyzerHost):
    """Mixin of the analyser: user-defined functions and code written as strings."""

    def _analyse_function(
        self,
        info: FuncInfo,
        outer: dict[str, Any] | None = None,
        shared: dict[str, Any] | None = None,
        bound: dict[str, Any] | None = None,
        given: dict[int, str] | None = None,
    ) -> None:
        """Analyse a function body once. `shared`: the `self.*` attributes of a class, written by
        one method (`self.W = model.lm_head.weight` in `__init__`) and read by the next."""
        if info.analysed:
            return
        info.analysed = True
        node = info.node
        env = dict(self.globals if outer is None else outer)
        env.update(parameters(node, given))
        env.update(bound or {})
        for name in info.params:  # a parameter shadows a name bound outside
            self.strings.pop(name, None)
        self.strings.update(named_defaults(node))
        fixed_before = self._fixed
        self._fixed = self.fixed_switches(node)
        quiet = bool(P.FORWARD_FUNCS.search(node.name))
        info.quiet = quiet
        info.initialiser = quiet and bool(P.INIT_FUNCS.match(node.name))
        self._all_functions.append(info)
        saved = (self._returns, self._quiet, self._init_quiet, self._current_events, self._held)
        self._returns = []
        self._current_events = []
        self._held = []
        self._quiet += quiet
        self._init_quiet += info.initialiser
        try:
            self._block(node.body, env)
        finally:
            returns, events, held = self._returns, self._current_events, self._held
            self._returns, self._quiet, self._init_quiet, self._current_events, self._held = saved
            self._fixed = fixed_before
        for ev in held:
            if not _returned(ev, returns) and not ev.forward_weights:
                # a forward pass's own logits are returned (or trained as logits); scores it keeps
                # to itself (an OOD score against the `fc` rows in a TTA module's forward) are analysis
                self._emit(ev)
        if shared is not None:
            shared.update((k, v) for k, v in env.items() if k.startswith("self.") and v is not None)
        info.templates = [e for e in events if e.pending]
        info.reported_in_body = any(not e.pending for e in events)
        # of several returns (`if hasattr(m, "ref"): return m.ref, m.proto` before `return m, fc_rows`),
        # the first that holds a value we follow
        info.returns = next((r for r in returns if _holds_followed(r)), None)
        if info.returns is None:  # only tuples of nothing (unpacked by the caller all the same)
            info.returns = next((r for r in returns if r is not None), None)
        # of several tables returned (`token_table(model, which)`: the input one, or the output one), the head's
        if isinstance(info.returns, Taint) and info.returns.kind == INPUT:
            info.returns = next((r for r in returns if isinstance(r, Taint) and r.kind == LABEL), info.returns)
        if info.returns is None or isinstance(info.returns, Unit):
            # `load_last_layer(seed)` reading a key we cannot place (normalised there, perhaps)
            info.returns = documented_head_return(node, isinstance(info.returns, Unit)) or info.returns
        elif _unfollowed_tuple(info.returns):
            # `return sd[key], key` of `locate_output_rows(sd)` (a key of its parameter we cannot place):
            # the rows first, then what names them
            rows = documented_head_return(node)
            if rows is not None:
                info.returns = TupleVal([rows, *info.returns.items[1:]])

    def _construct(self, cls: ClassInfo, call: ast.Call, env: dict[str, Any]) -> Any:
        """`Wrapper(model.lm_head.weight)`: the class's methods analysed again with the label rows
        bound to `__init__`'s parameters (only when some argument is a label representation)."""
        init = next((m for m in cls.node.body if isinstance(m, ast.FunctionDef) and m.name == "__init__"), None)
        values = [self.eval(a, env) for a in call.args]
        if init is None or not any(isinstance(v, Taint) and v.kind == LABEL for v in values):
            return None
        names = [a.arg for a in init.args.posonlyargs + init.args.args][1:]  # after self
        bound = {n: v for n, v in zip(names, values, strict=False) if v is not None}
        self._analyse_methods(cls.node, env, bound)
        return None

    def _call_user_function(self, info: FuncInfo, call: ast.Call, env: dict[str, Any]) -> Any:
        actual = self._actuals(info, call, env)
        if not info.analysed:
            # a method followed from another method (`self.pick(i)` before `pick` is analysed in its
            # turn) sees the `self.*` attributes that `__init__` set
            attrs = {k: v for k, v in env.items() if k.startswith("self.")} if info.first_arg else {}
            # analysed once, for itself: not as quiet as the caller (`__init__` calling
            # `self._calibrate()` keeps `_calibrate`'s own similarities)
            saved, self._quiet, self._init_quiet = (self._quiet, self._init_quiet), 0, 0
            # a parameter named for one orientation of the head (`W_U`, columns) that this call gives
            # the other (`lm_head.weight`, rows) holds what the caller gives (`_parameters`)
            given = {i: v.orient for i, v in actual.items() if isinstance(v, Taint) and v.kind == LABEL}
            # the attributes a method sets (`self.normed = ...` in `self.register_model()` called from
            # `__init__`) are the caller's from then on, and so the class's
            written: dict[str, Any] | None = {} if info.first_arg and self_attribute(call.func) else None
            try:
                self._analyse_function(info, {**self.globals, **attrs} if attrs else None, written, given=given)
            finally:
                self._quiet, self._init_quiet = saved
            env.update(written or {})
        info.called = True
        made: dict[int, Event] = {}
        means = against_class_means(call, self.head_names)  # `lens(class_means[c], W)`: neural-collapse code
        if not info.reported_in_body and not info.initialiser:
            for tmpl in info.templates:
                if info.quiet and not tmpl.between_labels:
                    continue  # the forward pass itself: rows against an input
                ops = _instantiate(tmpl, actual) or (None if means else _lens(tmpl, actual))
                if ops is None or (tmpl.needs_unit_rows and not ops[0].normalized):
                    continue
                kind = _kind_given(tmpl.kind, ops)
                ev = Event(
                    kind,
                    ops[0],
                    ops[1] if len(ops) > 1 else None,
                    self._pos(call),
                    tmpl.what,
                    [Derived(d.kind, self._pos(call) if info.foreign else d.pos, d.what) for d in tmpl.derived],
                    helper=info.node.name,
                    against_means=means or tmpl.against_means,
                    analogy=tmpl.analogy or (len(ops) == 1 and _analogy_given(tmpl, actual)),
                )
                made[id(tmpl)] = ev
                self._emit(ev)
        ret = info.returns
        if isinstance(ret, Sim):
            return _returned_similarity(info, ret, made)
        if isinstance(ret, Taint):
            if ret.kind == PARAM:  # `def unit(x): return F.normalize(x, dim=-1)`: the argument, normalised
                v = actual.get(ret.param if ret.param is not None else -1)
                if ret.row and ret.orient == SEL:  # `torch.stack([p[i] for i in ids])`: rows of the argument
                    v = _rows_of(v)
                elif ret.row:  # `for name in wanted: ... return name`: one item of the argument
                    v = _row_of(v)
                if not isinstance(v, Taint):
                    return None
                return replace(v, normalized=v.normalized or ret.normalized, centered=v.centered or ret.centered)
            return ret
        return ret if isinstance(ret, (ModelObj, TupleVal, HeadModule, DictVal, Unit)) else None

    def _actuals(self, info: FuncInfo, call: ast.Call, env: dict[str, Any]) -> dict[int, Any]:
        """The value of each parameter at a call, by the parameter's position."""
        actual: dict[int, Any] = {}
        for i, a in enumerate(call.args, start=info.first_arg):
            actual[i] = self._actual(a, env)
        for kw in call.keywords:
            if kw.arg in info.params:
                actual[info.params.index(kw.arg)] = self._actual(kw.value, env)
        return actual

    def _actual(self, arg: ast.expr, env: dict[str, Any]) -> Any:
        value = self.eval(arg, env)
        probe = probe_named(arg) if value is None else None
        return ProbeTensor(probe) if probe else value

    def _lambda(self, node: ast.Lambda) -> FuncInfo:
        """`pairwise = lambda m: F.normalize(m, dim=-1) @ F.normalize(m, dim=-1).T`: a helper like a
        `def` returning its body, analysed when first called."""
        body: list[ast.stmt] = [ast.Return(node.body)]
        fn = ast.FunctionDef(name="lambda", args=node.args, body=body, decorator_list=[], returns=None)
        if sys.version_info >= (3, 12):  # `type_params` is a field of FunctionDef from Python 3.12
            fn.type_params = []
        ast.copy_location(fn, node)
        ast.copy_location(fn.body[0], node)
        params = [a.arg for a in node.args.posonlyargs + node.args.args]
        return FuncInfo(fn, params=params)

    def _partial(self, node: ast.Call) -> FuncInfo:
        """`cos = partial(F.cosine_similarity, dim=0)`: a helper taking two more arguments, `cos(W[a],
        W[b])` calling the function with the bound arguments first."""
        names = ["_partial_a", "_partial_b"]
        call = ast.Call(
            func=node.args[0], args=[*node.args[1:], *(ast.Name(n, ast.Load()) for n in names)], keywords=node.keywords
        )
        lam = ast.Lambda(args=ast.arguments([], [ast.arg(n) for n in names], None, [], [], None, []), body=call)
        ast.copy_location(lam, node)
        for sub in ast.walk(lam):
            if not hasattr(sub, "lineno") and "lineno" in getattr(sub, "_attributes", ()):
                ast.copy_location(sub, node)
        info = self._lambda(lam)
        info.node.name = "partial"
        return info

    def _code_string(self, source: str, node: ast.Call) -> None:
        """Code written into a generated notebook cell: analysed at lower confidence, reported at
        the call that writes it."""
        try:
            tree = ast.parse(source)
        except SyntaxError:
            return
        sub = type(self)(tree)
        for ev in sub.run():
            ev.pos = self._pos(node)
            ev.a = replace(ev.a, confidence="medium")
            if ev.b is not None:
                ev.b = replace(ev.b, confidence="medium")
            for d in ev.derived:
                d.pos = self._pos(node)
            self._emit(ev)


def imported(name: str, summary: Exported) -> ImportedHelper | FuncInfo | ForeignClass | ForeignFunction:
    """What a name imported from another scanned module is bound to: a helper returning label rows,
    the analysed function itself (its similarities are instantiated at each call), or a function or a
    class whose body or methods compare label rows."""
    if isinstance(summary, (FuncInfo, ForeignClass, ForeignFunction)):
        return summary
    return ImportedHelper(name, summary)


def _instantiate(tmpl: Event, actual: dict[int, Any]) -> list[Taint] | None:
    """The operands of a helper's similarity with its parameters replaced by the arguments;
    None when an argument is not a label representation. An argument that is itself a parameter
    of the calling function keeps the event pending there (helpers of helpers). A cosine of label
    rows with an analogy (`closest(W, W[b] - W[a] + W[c])`) ranks every row: one operand."""
    ops: list[Taint] = []
    probes = 0
    analogy = False
    axis = _compared_axis(tmpl)
    for op in tmpl.operands:
        if op.kind != PARAM:
            ops.append(op)
            continue
        v = actual.get(op.param if op.param is not None else -1)
        if isinstance(v, ProbeTensor) or op.why == PROBE_OPTION:
            # `p[..., i]` in the helper is an option only of a probe (of a `[V, d]` head it is a hidden
            # dimension), and a probe is nothing else
            given = v.name if isinstance(v, ProbeTensor) and op.why == PROBE_OPTION else None
            v = probe_option(f"{given}[..., k]", given) if given else None
        elif op.row:
            v = _row_of(v)
        if isinstance(v, Taint) and v.kind == PARAM:
            v = replace(v, flip=v.flip != op.flip)  # helpers of helpers: transposes compose
        elif isinstance(v, Taint) and v.kind in (LABEL, INPUT) and _hidden_axis(axis, v):
            return None  # `x @ x.T` given TransformerLens' [d, V] `W_U`: hidden dimensions compared
        if isinstance(v, Taint) and v.kind == DIFF and v.orient == VEC and tmpl.kind == "cosine":
            probes += 1
            analogy = v.analogy
            continue
        if not isinstance(v, Taint) or v.kind not in (LABEL, INPUT, PARAM):
            return None
        ops.append(replace(v, normalized=v.normalized or op.normalized, centered=v.centered or op.centered))
    if probes and (probes > 1 or len(ops) != 1 or not _ranked(ops[0], analogy)):
        return None
    return ops


def _compared_axis(tmpl: Event) -> str | None:
    """Which axis of its parameter a helper's product compares: `x @ x.T` its rows, `x.T @ x` its
    columns, and so does a Gram of the transposed parameter (`np.cov(x, rowvar=False)`); None when it
    cannot be told (a cosine function, einsum, two different parameters)."""
    a, b = tmpl.a, tmpl.b
    if b is None or a.kind != PARAM or b.kind != PARAM or a.param != b.param or a.row or b.row:
        return None
    if a.flip:
        return COLS
    return ROWS if b.flip else None


def _hidden_axis(axis: str | None, v: Taint) -> bool:
    """Does comparing `axis` of the label matrix `v` compare hidden dimensions instead of labels? Only
    asked of a matrix whose layout its source tells (not of a name such as `W_U` for a loaded file)."""
    if v.confidence != "high":
        return False
    return (axis == ROWS and v.orient == COLS) or (axis == COLS and v.orient in (ROWS, SEL))


def _kind_given(kind: str, ops: list[Taint]) -> str:
    """A helper's dot products given unit rows are cosines, and so are its distances given unit rows
    on both sides (|a - b|² = 2 - 2 cos)."""
    if kind == "dot" and any(o.normalized for o in ops):
        return "cosine"
    return "cosine" if kind == "euclid" and ops and all(o.normalized for o in ops) else kind


def _analogy_given(tmpl: Event, actual: dict[int, Any]) -> bool:
    """Is a parameter of the helper's comparison given an analogy's target (`W[b] - W[a] + W[c]`)?"""
    given = (actual.get(op.param if op.param is not None else -1) for op in tmpl.operands if op.kind == PARAM)
    return any(isinstance(v, Taint) and v.analogy for v in given)


def _lens(tmpl: Event, actual: dict[int, Any]) -> list[Taint] | None:
    """A helper that ranks normalised label rows against its vector parameter, given a vector we do
    not follow (a steering vector, a feature direction): a cosine lens, the rows alone (one
    operand). Class means, hidden states and label rows are not such a probe."""
    pair = lens_operands(tmpl)
    if pair is None:
        return _two_parameter_lens(tmpl, actual)
    index = pair[0].param if pair[0].param is not None else -1
    return [pair[1]] if index in actual and unfollowed_vector(actual[index]) else None


def _two_parameter_lens(tmpl: Event, actual: dict[int, Any]) -> list[Taint] | None:
    """`pairwise_cos(sae.W_dec, model.unembed.W_U.T)` of a helper that normalises both of its
    parameters and multiplies them: given label rows and a matrix we do not follow, every other
    vector is ranked by cosine against every label row (a cosine lens, the rows alone). Any cosine
    helper given label rows and averages of some label rows (a word's sub-token rows) is one too."""
    params = [t for t in tmpl.operands if t.kind == PARAM]
    if len(params) != 2 or tmpl.against_means or tmpl.kind not in ("cosine", "dot"):
        return None
    values = [actual.get(p.param if p.param is not None else -1, params) for p in params]
    labels = [v for v in values if isinstance(v, Taint) and v.kind == LABEL and v.orient in (ROWS, COLS, SEL)]
    if tmpl.kind == "dot":
        # `loss(W, H): W @ H.T` given unit label rows and unit vectors of ours: the cosines of every pair
        units = len(labels) == 1 and labels[0].normalized and any(isinstance(v, Unit) for v in values)
        return [labels[0]] if units else None
    rows = [(p, v) for p, v in zip(params, values, strict=True) if _one_row(v)]
    if len(rows) == 1 and any(unfollowed(v) for v in values) and not rows[0][0].centered:
        # `cosine_similarity(mlp_out, answer_row)`: a vector against one label's row (not one the helper centres)
        return [rows[0][1]]
    # given something we do not follow, only a helper that normalises both arguments by hand, or is
    # given them normalised (`top_rows(q, unit_rows)` normalising `q` itself): a `closest(W, hidden)`
    # over a cosine call is left to the helper-lens rule (`_lens`)
    by_hand = all(p.normalized or _unit_value(v) for p, v in zip(params, values, strict=True))
    if len(labels) != 1 or not any((by_hand and unfollowed(v)) or _row_average(v) for v in values):
        return None
    return [replace(labels[0], normalized=True)]


def _holds_followed(v: Any) -> bool:
    """A returned value that is something, not a tuple of nothing the analysis follows."""
    if isinstance(v, TupleVal):
        return any(_holds_followed(item) for item in v.items)
    return v is not None


def _one_row(v: Any) -> bool:
    """One label's row, or one row of the calling function's parameter (`table[ids[step]]` of a
    `rows` parameter: a helper of a helper, filled in at its call)."""
    return isinstance(v, Taint) and (one_label_row(v) or (v.kind == PARAM and v.row))


def _unit_value(v: Any) -> bool:
    """Is an argument normalised by the caller (unit label rows, a vector divided by its norm)?"""
    return isinstance(v, Unit) or (isinstance(v, Taint) and v.normalized)


def _row_average(v: Any) -> bool:
    """Averages of some label rows (a word's sub-token rows), not the mean over every label: they
    move with the head's translation as the rows do."""
    return isinstance(v, Taint) and v.kind == MEAN and not v.mean_ok


def _unfollowed_tuple(value: Any) -> bool:
    """A returned tuple none of whose items are rows we follow (`return sd[key], key`)."""
    rows = (isinstance(v, Taint) and v.kind in (LABEL, INPUT) for v in getattr(value, "items", ()))
    return isinstance(value, TupleVal) and bool(value.items) and not any(rows)


def _returned_similarity(info: FuncInfo, ret: Sim, made: dict[int, Event]) -> Sim | None:
    """The similarity a call of the function gives: its instance at this call (or the function's own,
    unless that waits for arguments); off the graph from a `@torch.no_grad()` / `@torch.inference_mode()`
    function."""
    instance = made.get(id(ret.event))
    sim = Sim(instance) if instance is not None else (ret if not ret.event.pending else None)
    if sim is not None and decorated(info.node, "no_grad", "inference_mode"):
        return replace(sim, detached=True)
    return sim


def _returned(ev: Event, returns: list[Any]) -> bool:
    """Does a return value carry the similarity of `ev` (alone, in a tuple or list, or in a dict)?"""
    stack = list(returns)
    while stack:
        value = stack.pop()
        if isinstance(value, Sim) and any(e is ev for e in value.events):
            return True
        if isinstance(value, TupleVal):
            stack += value.items
        elif isinstance(value, DictVal):
            stack += value.values
    return False


def lens_operands(tmpl: Event) -> tuple[Taint, Taint] | None:
    """(the parameter, the label rows) of a cosine between normalised label rows (or one label's row)
    and one parameter that is not given class means: what a cosine lens looks like inside a helper. Token rows of an
    input table count too (decoding vectors to their nearest GPT-2 tokens): the rules judge them by
    the tie (COS150)."""
    params = [t for t in tmpl.operands if t.kind == PARAM]
    # or one label's row (`cos(resid, W_U[:, answer])`: a cosine with that row, COS120 too)
    labels = [
        t
        for t in tmpl.operands
        if (t.kind in (LABEL, INPUT) and t.orient in (ROWS, COLS, SEL)) or (t.kind == LABEL and _head_row(t))
    ]
    if tmpl.kind != "cosine" or len(params) != 1 or len(labels) != 1 or tmpl.against_means:
        return None
    if params[0].normalized and not labels[0].normalized:
        return None  # `unembed @ (d / d.norm())`: raw rows projected on a unit direction rank as logits do
    if labels[0].orient == VEC and labels[0].normalized and not params[0].normalized:
        return None  # `resid @ (row / row.norm())`: a projection on one unit row, not a cosine with it
    return params[0], labels[0]


def _head_row(t: Taint) -> bool:
    """One row of a head the code names (`W_U[:, answer]`, `model.lm_head.weight[i]`), not a vector
    parameter that a helper's name alone calls a label's (`def label_similarity(x, target)`)."""
    named = t.confidence == "high" or P.ANY_NAME_HINT.match(t.source) is not None
    return t.orient == VEC and (named or bool(t.why))


def _ranked(t: Taint, analogy: bool = False) -> bool:
    """Can `t` be the rows an analogy is ranked against: label rows, a parameter (pending), or for an
    analogy's target, token rows (a tied table's, decided by its tie)?"""
    rows = t.orient in (ROWS, COLS, SEL)
    return t.kind == PARAM or (t.kind == LABEL and rows) or (analogy and t.kind == INPUT and rows)


def _rows_of(v: Any) -> Taint | None:
    """What a stack of rows of the parameter `p` is when `p` is given `v`: a selection of its rows."""
    if isinstance(v, Taint) and v.kind in (LABEL, INPUT) and v.orient in (ROWS, SEL):
        return replace(v, orient=SEL)
    return None


def _row_of(v: Any) -> Taint | None:
    """What `p[i]` is when the parameter `p` is given `v`: a row of label rows, a parameter's row
    (helpers of helpers); nothing for a vector or for columns (`W_U[i]` is a hidden dimension)."""
    if not isinstance(v, Taint):
        return None
    if v.kind == PARAM:
        return None if v.row else replace(v, row=True)
    return replace(v, orient=VEC) if v.orient in (ROWS, SEL) else None
