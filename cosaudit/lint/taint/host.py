"""What the analyser's mixins share: the state `Analyzer.__init__` sets and the methods one mixin
calls on another (`expressions.py` calls `_sink` of the analyser, `arithmetic.py` `_dot_sink` of
`sinks.py`, `expressions.py` `_bind_iter` of `binding.py`, ...). Declared here for the type checker
only: at run time `AnalyzerHost` is an empty base class, and each method is defined once, by the
analyser or by a mixin."""

from __future__ import annotations

import ast
from abc import abstractmethod
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cosaudit.lint.taint.libs.layers import HeadRoles
    from cosaudit.lint.taint.modules import ImportLookup
    from cosaudit.lint.taint.values import ClassInfo, Event, FuncInfo, ParamList, Sim, Taint


class AnalyzerHost:
    """The base of the analyser's mixins (`ExpressionRules` with `IndexingRules` and `ArithmeticRules`, which
    stands on `DivisionRules`; `CallRules`, `FunctionRules`, `SinkRules`, `BindingRules`, `ModuleRules`,
    `ControlRules`); also what the library handlers of `libs/` and `selfsim.py` are given (`an`)."""

    tree: ast.Module
    events: list[Event]
    aliases: dict[str, str]
    functions: dict[str, FuncInfo]
    globals: dict[str, Any]
    strings: dict[str, str]
    outside_imports: set[str]  # names imported from modules outside the scan
    imported_names: set[str]  # every name an import binds
    _bound_aliases: set[str]
    _imports: ImportLookup | None  # the label-row helpers of the scan's other modules
    _string_lists: dict[str, list[str]]
    _id_lists: set[str]
    _quiet: int
    _init_quiet: int
    _denominator: int
    _norm_names: dict[str, str]
    _products: dict[str, ast.AST]
    _norm_products: dict[str, tuple[int, ast.AST]]
    _returns: list[Any] | None
    _current_events: list[Event] | None
    _held: list[Event] | None
    _all_functions: list[FuncInfo]
    method_owners: dict[str, list[ClassInfo]]
    roles: HeadRoles
    head_names: set[str]  # names bound to the head's rows (not class means, whatever they are called)
    _fixed: dict[str, bool]  # boolean parameters of the function being analysed, fixed by their defaults
    _switches: frozenset[str]  # the module body's `name = False` lines (none in code run a cell at a time)
    prose_strings: list[ast.Constant]
    similarity_stacks: set[int]  # calls that stack similarities and nothing else (`torch.stack([cos_a, cos_b])`)

    if TYPE_CHECKING:

        def __init__(
            self, tree: ast.Module, context: str = "", imports: ImportLookup | None = None, *, cells: bool = False
        ) -> None: ...

        # the analyser (`analyzer.py`)
        @property
        @abstractmethod
        def token_rows(self) -> bool: ...
        @property
        @abstractmethod
        def fasttext_supervised(self) -> bool: ...
        @abstractmethod
        def run(self) -> list[Event]: ...
        @abstractmethod
        def eval(self, node: ast.AST | None, env: dict[str, Any]) -> Any: ...
        @abstractmethod
        def _pos(self, node: ast.AST) -> tuple[int, int]: ...
        @abstractmethod
        def _emit(self, ev: Event) -> None: ...
        @abstractmethod
        def _sink(self, kind: str, a: Taint, b: Taint | None, node: ast.AST, what: str) -> Sim: ...
        @abstractmethod
        def _block(self, body: list[ast.stmt], env: dict[str, Any]) -> None: ...
        @abstractmethod
        def refine(self, test: ast.AST, env: dict[str, Any]) -> None: ...
        @abstractmethod
        def tested_head_name(self, var: str, tests: list[ast.expr]) -> str | None: ...
        @property
        @abstractmethod
        def _off(self) -> frozenset[str]: ...

        def fixed_switches(self, fn: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, bool]: ...
        @abstractmethod
        def _analyse_methods(
            self, cls: ast.ClassDef, env: dict[str, Any], init_args: dict[str, Any]
        ) -> dict[str, Any]: ...

        # binding (`binding.py`)
        @abstractmethod
        def _picked_name(self, value: ast.AST) -> str | None: ...
        @abstractmethod
        def _bind(self, target: ast.AST, value: Any, env: dict[str, Any]) -> None: ...
        @abstractmethod
        def _bind_iter(
            self,
            target: ast.AST,
            it: ast.AST,
            env: dict[str, Any],
            loop: ast.For | ast.AsyncFor | None = None,
            tests: list[ast.expr] | None = None,
        ) -> None: ...
        @abstractmethod
        def _rebind(self, target: ast.AST, value: Any, env: dict[str, Any]) -> None: ...

        # names and layers that are heads by their role (`libs/layers.py`)
        @abstractmethod
        def role_value(self, name: str, value: Any) -> Any: ...

        # expressions (`expressions.py`)
        @abstractmethod
        def _source_taint(self, path: str, env: dict[str, Any]) -> Taint | None: ...
        @abstractmethod
        def _selection(self, e: ast.AST, env: dict[str, Any]) -> str: ...
        @abstractmethod
        def _parameter(self, params: ParamList, idx: Any, env: dict[str, Any]) -> Any: ...
        @abstractmethod
        def store_row(self, base: str, key: ast.AST, value: Any, env: dict[str, Any]) -> None: ...

        # arithmetic (`arithmetic.py`, divisions in `division.py`)
        @abstractmethod
        def elementwise(self, left: Any, right: Any, node: ast.AST) -> Sim | None: ...
        @abstractmethod
        def divided(
            self, left: Any, left_node: ast.AST, right_node: ast.AST, env: dict[str, Any], right: Any = None
        ) -> Any: ...
        @abstractmethod
        def _subtract(self, left: Any, right: Any) -> Any: ...
        @abstractmethod
        def _mean(self, base: Taint, call: ast.Call, axis_node: ast.AST | None) -> Taint: ...

        # user functions (`functions.py`)
        @abstractmethod
        def _analyse_function(
            self,
            info: FuncInfo,
            outer: dict[str, Any] | None = None,
            shared: dict[str, Any] | None = None,
            bound: dict[str, Any] | None = None,
            given: dict[int, str] | None = None,
        ) -> None: ...
        @abstractmethod
        def _construct(self, cls: ClassInfo, call: ast.Call, env: dict[str, Any]) -> Any: ...
        @abstractmethod
        def _call_user_function(self, info: FuncInfo, call: ast.Call, env: dict[str, Any]) -> Any: ...
        @abstractmethod
        def _lambda(self, node: ast.Lambda) -> FuncInfo: ...
        @abstractmethod
        def _partial(self, node: ast.Call) -> FuncInfo: ...
        @abstractmethod
        def _code_string(self, source: str, node: ast.Call) -> None: ...

        # sinks (`sinks.py`)
        @abstractmethod
        def _derive(self, sim: Sim, kind: str, node: ast.AST, what: str) -> None: ...
        @abstractmethod
        def _norm(self, value: Any, node: ast.Call) -> Any: ...
        @abstractmethod
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
        ) -> Any: ...
        @abstractmethod
        def _labelish(self, t: Any) -> bool: ...
        @abstractmethod
        def _dot_sink(self, a: Any, b: Any, node: ast.AST, what: str) -> Any: ...
        @abstractmethod
        def _cosine_sink(
            self,
            args: list[Any],
            node: ast.AST,
            dim: Any,
            *,
            torch_style: bool,
            what: str,
            single: bool = False,
        ) -> Any: ...
