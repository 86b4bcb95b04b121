"""Branches a module's constants decide: module-level switches set once to False and never bound
again (`normalize = False` ... `if normalize:`), and boolean parameters no call of the module sets
(`def f(W, subtract_mean=True)` always called as `f(W)`). The analyser follows only the branch such
a test takes, so code that never runs is not reported.
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Iterator, Sequence


def falsy_constant(node: ast.AST) -> bool:
    """`False`, `None` or `0` written as a constant (not the empty string)."""
    return isinstance(node, ast.Constant) and not isinstance(node.value, str) and node.value in (False, None, 0)


def stores(nodes: Sequence[ast.AST]) -> Iterator[ast.Name | ast.Attribute]:
    """Every name or attribute these nodes assign (targets of `=`, `+=`, `for`, `with … as`, `:=`)."""
    for top in nodes:
        for node in ast.walk(top):
            if isinstance(node, (ast.Name, ast.Attribute)) and isinstance(node.ctx, ast.Store):
                yield node


class CallIndex:
    """The calls of a module by the name they call, and every keyword any call passes."""

    def __init__(self, tree: ast.Module):
        self.calls: dict[str, list[ast.Call]] = {}
        self.keywords: set[str | None] = set()
        self.loads: Counter[str] = Counter()  # every read of a bare name, called or not
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
                self.calls.setdefault(name, []).append(node)
                self.keywords.update(k.arg for k in node.keywords)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                self.loads[node.id] += 1

    def fixed_switches(self, fn: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, bool]:
        """Parameters with a True / False default that no call of the module passes, by keyword or by
        position (nor `**kwargs`, nor a reference to the function other than a call)."""
        args = fn.args.posonlyargs + fn.args.args
        calls = self.calls.get(fn.name, [])
        bare_calls = sum(isinstance(c.func, ast.Name) for c in calls)
        framework = any(not _grad_mode(d) for d in fn.decorator_list)  # `@click.option`, `@app.command`
        if framework or (None in self.keywords and calls) or self.loads[fn.name] > bare_calls:
            return {}  # set by a framework, by `**kwargs`, or handed over (`fire.Fire(main)`)
        if not calls:
            return {}  # never called here: the modules that import it set its flags
        most = max((len(c.args) + any(isinstance(a, ast.Starred) for a in c.args) * 99 for c in calls), default=0)
        out: dict[str, bool] = {}
        defaults = list(zip(args[len(args) - len(fn.args.defaults) :], fn.args.defaults, strict=True))
        defaults += [(a, d) for a, d in zip(fn.args.kwonlyargs, fn.args.kw_defaults, strict=True) if d is not None]
        for arg, default in defaults:
            if isinstance(default, ast.Constant) and isinstance(default.value, bool) and arg.arg not in self.keywords:
                position = args.index(arg) if arg in args else len(args) + 99
                if position >= most + (1 if fn.args.args and fn.args.args[0].arg == "self" else 0):
                    out[arg.arg] = default.value
        return out


def _grad_mode(decorator: ast.expr) -> bool:
    """`@torch.no_grad()`, `@torch.inference_mode()`, `@staticmethod`: decorators that call nothing else."""
    core = decorator.func if isinstance(decorator, ast.Call) else decorator
    name = core.attr if isinstance(core, ast.Attribute) else getattr(core, "id", "")
    return name in ("no_grad", "inference_mode", "enable_grad", "staticmethod", "jit")


def switch_candidates(tree: ast.Module) -> frozenset[str]:
    """Names the module body sets to False / 0 / None (`normalize = False`)."""
    return frozenset(
        stmt.targets[0].id
        for stmt in tree.body
        if isinstance(stmt, ast.Assign)
        and len(stmt.targets) == 1
        and isinstance(stmt.targets[0], ast.Name)
        and falsy_constant(stmt.value)
    )


def switched_off(tree: ast.Module, candidates: frozenset[str]) -> frozenset[str]:
    """Module-level switches set once to False / 0 / None and never bound again (`normalize = False`)."""
    bound = Counter(node.id for node in stores([tree]) if isinstance(node, ast.Name))
    params = {node.arg for node in ast.walk(tree) if isinstance(node, ast.arg)}  # a parameter: not a switch
    return frozenset(name for name in candidates if bound[name] == 1 and name not in params)


def never_true(test: ast.expr, off: frozenset[str]) -> bool:
    """Is the test false whenever it runs: a switched-off name, `False`, or `and` of one?"""
    if isinstance(test, ast.Name):
        return test.id in off
    if isinstance(test, ast.Constant):
        return falsy_constant(test)
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return any(never_true(v, off) for v in test.values)
    return False
