"""What every library handler receives: the call site, with its arguments evaluated lazily."""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cosaudit.lint.taint.host import AnalyzerHost
from cosaudit.lint.taint.syntax import access_path, const, kw


@dataclass
class CallSite:
    """One call: the node, the callee's name (import aliases resolved), the environment, the
    receiver's value for `x.f(...)`, and the evaluated arguments (filled in before the function
    handlers run; constructors and method handlers evaluate what they need themselves)."""

    node: ast.Call
    name: str
    env: dict[str, Any]
    receiver: Any = None
    args: list[Any] = field(default_factory=list)
    kwargs: dict[str, Any] = field(default_factory=dict)

    @property
    def owner(self) -> str:
        """The access path of what the function is looked up on: `F`, `torch`, `np.linalg`."""
        func = self.node.func
        return (access_path(func.value) or "") if isinstance(func, ast.Attribute) else ""

    @property
    def method(self) -> ast.Attribute:
        """The callee `x.f` of a method call `x.f(...)` (method handlers are only given these)."""
        func = self.node.func
        assert isinstance(func, ast.Attribute), "a method handler given a call that is not x.f(...)"
        return func

    def kw(self, *names: str) -> ast.AST | None:
        return kw(self.node, *names)

    def const_arg(self, index: int, *names: str) -> Any:
        """The constant value of keyword `names` or else of positional argument `index`."""
        node = self.kw(*names) if names else None
        if node is None and len(self.node.args) > index:
            node = self.node.args[index]
        return const(node)


Handler = Callable[[AnalyzerHost, CallSite], Any]


def table(handler: Handler, *names: str) -> dict[str, Handler]:
    """`{name: handler}` for each name (a handler answers for several spellings)."""
    return dict.fromkeys(names, handler)
