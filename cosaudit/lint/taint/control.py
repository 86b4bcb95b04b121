"""Control flow: branches (`if`, `while`), loops (`for`, read twice when the body carries a value
to the next iteration) and `with` blocks, and the name tests inside a branch (`if name ==
"fc.weight":`) that pick the head's tensor."""

from __future__ import annotations

import ast
from dataclasses import replace
from typing import Any

from cosaudit.lint.taint import loops
from cosaudit.lint.taint.host import AnalyzerHost
from cosaudit.lint.taint.libs.layers import every_linear
from cosaudit.lint.taint.names import label_name
from cosaudit.lint.taint.switches import never_true, stores
from cosaudit.lint.taint.syntax import access_path, name_tests
from cosaudit.lint.taint.values import EVERY_LAYER_NOTE, HeadModule, ParamName, riskier


class ControlRules(AnalyzerHost):
    """Mixin of the analyser: branches, loops and `with` blocks."""

    def _s_For(self, stmt: ast.For | ast.AsyncFor, env: dict[str, Any]) -> None:
        before = {name: env.get(name) for name in loops.reassigned(stmt)}
        lists = (self.events, self._current_events, self._held)
        start = loops.marks(*lists)
        self._bind_iter(stmt.target, stmt.iter, env, stmt)
        self._block(stmt.body, env)
        if loops.carried(before, env):
            # a value carried from the previous iteration (`prev = emb`): read the body again with it
            middle = loops.marks(*lists)
            self._bind_iter(stmt.target, stmt.iter, env, stmt)
            self._block(stmt.body, env)
            loops.supersede(lists, start, middle)
        self._block(stmt.orelse, env)

    _s_AsyncFor = _s_For

    def _s_With(self, stmt: ast.With | ast.AsyncWith, env: dict[str, Any]) -> None:
        for item in stmt.items:
            value = self.eval(item.context_expr, env)
            if item.optional_vars is not None:
                self._bind(item.optional_vars, value, env)
        self._block(stmt.body, env)

    _s_AsyncWith = _s_With

    def _s_If(self, stmt: ast.If | ast.While, env: dict[str, Any]) -> None:
        """Both branches may run: after `if c: W = head_rows else: W = other`, `W` may be the head
        rows, so a name keeps the riskier of its two values (`values.riskier`)."""
        self.eval(stmt.test, env)
        if self._switches and never_true(stmt.test, self._off):
            self._block(stmt.orelse, env)  # `normalize = False` … `if normalize and use_ip:` never runs
            return
        fixed = self._fixed.get(stmt.test.id) if isinstance(stmt.test, ast.Name) else None
        if fixed is not None and isinstance(stmt, ast.If):
            self._block(stmt.body if fixed else stmt.orelse, env)  # `if subtract_mean:` with its default
            return
        self.refine(stmt.test, env)
        layer = _linear_layer(stmt.test, env)  # back to the loop's layer after the body: `elif`, later code
        if layer and _skips_unless(stmt):
            # `if not isinstance(m, nn.Linear): continue`: the rest of the loop's body sees a Linear layer
            linear = {name: env[name] for name in layer}
            env.update(layer)
            self._block(stmt.body, env)
            env.update(linear)
            return
        if not stmt.orelse:
            # the body may not run: `if isinstance(m, tuple): m = m[0]` keeps the model it had
            before = {name: env[name] for name in _bound_in(stmt.body) if name in env}
            self._block(stmt.body, env)
            _join(env, before)
            env.update(layer)
            return
        self._block(stmt.body, env)
        after_body = dict(env)
        env.update(layer)
        self._block(stmt.orelse, env)
        _join(env, after_body)
        env.update(layer)

    _s_While = _s_If

    # ---------------------------------------------------------------- name tests
    def refine(self, test: ast.AST, env: dict[str, Any]) -> None:
        """Inside `if name == "fc.weight":` / `if "lm_head" in name:` /
        `if name.endswith("classifier.weight"):`, the tensor that goes with `name` is that head."""
        for var, text in name_tests(test):
            pn = env.get(var)
            if not isinstance(pn, ParamName):
                continue
            cand = self._head_name(text, pn.suffix)
            if cand is not None:
                self.strings[pn.name_var or var] = cand
                if pn.value_var:
                    src = self._source_taint(cand, env)
                    env[pn.value_var] = replace(src, root=pn.root) if src is not None else None

    def _head_name(self, text: str, suffix: str = "") -> str | None:
        """The head's tensor name a test's string stands for (`"fc"` -> `fc.weight`), if it names one."""
        for cand in (text, text + suffix, text + ".weight", text.rstrip(".") + ".weight"):
            if label_name(cand) or self.roles.layer(cand) is not None:
                return cand
        return None

    def tested_head_name(self, var: str, tests: list[ast.expr]) -> str | None:
        """The head name that tests on `var` pick (`k.endswith("fc.weight")`, `"head" in k and
        k.endswith("weight")`): the tensor names of a loop or comprehension that keeps only the head's."""
        for test in tests:
            for tested, text in name_tests(test):
                cand = self._head_name(text) if tested == var else None
                if cand is not None:
                    return cand
        return None


def _join(env: dict[str, Any], other: dict[str, Any]) -> None:
    """After two paths, a name keeps the riskier of its two values, and a known value over an
    unknown one (None)."""
    for name, value in other.items():
        current = env.get(name)
        if current is not value and (riskier(value, current) or (current is None and value is not None)):
            env[name] = value


def _linear_layer(test: ast.AST, env: dict[str, Any]) -> dict[str, Any]:
    """Inside `if isinstance(m, nn.Linear):` of a loop over every layer, `m` is each Linear layer in turn,
    the output layer among them (read as a walked last child is: medium confidence). Binds that and
    returns the loop's own value of `m`, to put back after the body."""
    linear = every_linear(test, env)
    if linear is None:
        return {}
    var, every = linear
    why = f"`{var}` visits every Linear layer of `{every.path}`, {EVERY_LAYER_NOTE}"
    env[var] = HeadModule(f"{every.path}.children()[-1]", shown=var, why=why)
    return {var: every}


def _skips_unless(stmt: ast.If | ast.While) -> bool:
    """`if not <test>: continue` (no else): a guard, after which the test holds."""
    negated = isinstance(stmt.test, ast.UnaryOp) and isinstance(stmt.test.op, ast.Not)
    return negated and isinstance(stmt, ast.If) and not stmt.orelse and isinstance(stmt.body[-1], ast.Continue)


def _bound_in(body: list[ast.stmt]) -> set[str]:
    """The names and access paths a block assigns (`m`, `self.rows`): what a skipped block leaves as it was."""
    return {path for node in stores(body) if (path := access_path(node))}
