"""What crosses the module's boundary: the label-row helpers it imports from the other modules of
the scan, and its own helpers that are never called here (their callers live elsewhere), judged
after the run by what they do with their parameters.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from cosaudit.lint.taint.functions import imported, lens_operands
from cosaudit.lint.taint.host import AnalyzerHost
from cosaudit.lint.taint.parameters import generic_rows_param, matrix_param
from cosaudit.lint.taint.values import COLS, LABEL, PARAM, ROWS, Event, Exported, FuncInfo, Taint

# (module, level) -> the label-row helpers of that module of the scan; None: the module is not in the scan
ImportLookup = Callable[[str | None, int], dict[str, Exported] | None]

_ETF_NAME = re.compile(r"etf|simplex|nc2|equiangul", re.I)
_RANKINGS = {"topk", "argsort", "sort", "argpartition", "search"}


class ModuleRules(AnalyzerHost):
    """Mixin of the analyser: imports of the scan's modules, and the passes over uncalled helpers."""

    def _s_Import(self, stmt: ast.Import | ast.ImportFrom, env: dict[str, Any]) -> None:
        for alias in stmt.names:
            bound = alias.asname or alias.name.split(".")[0]
            if alias.asname:
                self.aliases[alias.asname] = alias.name.split(".")[-1]
            env.setdefault(bound, None)  # imported names are not label representations
            self.imported_names.add(bound)
        if self._imports is None:
            if isinstance(stmt, ast.ImportFrom):  # no other module in the scan
                self.outside_imports.update(alias.asname or alias.name for alias in stmt.names)
        elif isinstance(stmt, ast.Import):
            self._bind_imported_modules(stmt, env)
        else:
            self._bind_imported(stmt, env)

    _s_ImportFrom = _s_Import

    def remember_alias(self, targets: list[ast.expr], value: ast.expr) -> None:
        """`cos = torch.nn.functional.cosine_similarity`, `la = np.linalg`: a name bound to an
        imported library's function or module is called (or reached through) as that one; bound
        to anything else later, it is a plain name again."""
        if len(targets) != 1 or not isinstance(targets[0], ast.Name):
            return
        name, root = targets[0].id, value
        while isinstance(root, ast.Attribute):
            root = root.value
        if isinstance(value, ast.Attribute) and isinstance(root, ast.Name) and root.id in self.imported_names:
            self.aliases[name] = value.attr
            self._bound_aliases.add(name)
        elif name in self._bound_aliases:
            self._bound_aliases.discard(name)
            self.aliases.pop(name, None)

    def _bind_imported_modules(self, stmt: ast.Import, env: dict[str, Any]) -> None:
        """`import utils as u` binds `u.get_head` of a scanned module's label-row helpers."""
        assert self._imports is not None
        for alias in stmt.names:
            prefix = alias.asname or alias.name
            for name, rows in (self._imports(alias.name, 0) or {}).items():
                env[f"{prefix}.{name}"] = imported(name, rows)

    def _bind_imported(self, stmt: ast.ImportFrom, env: dict[str, Any]) -> None:
        """Helpers of another scanned module that return label rows: `from utils import get_head`
        (or `*`) binds `get_head`. Names imported from a module outside the scan are remembered:
        what they return is judged by their names."""
        assert self._imports is not None
        found = self._imports(stmt.module, stmt.level)
        if found is None:
            self.outside_imports.update(alias.asname or alias.name for alias in stmt.names)
        heads = found or {}
        for alias in stmt.names:
            if alias.name == "*":
                env.update((name, imported(name, rows)) for name, rows in heads.items())
            elif alias.name in heads:
                env[alias.asname or alias.name] = imported(alias.name, heads[alias.name])
            else:  # `from . import geometry`: a module of the package, used as `geometry.helper(W)`
                module = f"{stmt.module}.{alias.name}" if stmt.module else alias.name
                prefix = alias.asname or alias.name
                for name, rows in (self._imports(module, stmt.level) or {}).items():
                    env[f"{prefix}.{name}"] = imported(name, rows)

    def _head_loader(self) -> str | None:
        """A module-level function of this module that returns label rows (`def load_classifier_weights(p):
        return torch.load(p)["fc.weight"]`): the head its sibling helpers are most likely given."""
        for name, info in self.functions.items():
            if isinstance(info.returns, Taint) and info.returns.kind == LABEL and info.returns.orient in (ROWS, COLS):
                return name
        return None

    def _rank_against_parameters(self, info: FuncInfo) -> None:
        """A function never called here that compares normalised label rows with one of its
        parameters (`Wn @ vec`, `einsum(..., W_normed, neurons)`) ranks every label by cosine
        against whatever it is given: a cosine lens (COS120), unless it is given class means."""
        for tmpl in info.templates:
            pair = lens_operands(tmpl)
            if pair is None:
                continue
            if info.quiet and not any(d.what in _RANKINGS for d in tmpl.derived):
                continue  # a forward pass of a cosine head: the model itself, unless it ranks labels
            ev = Event("cosine", pair[1], None, tmpl.pos, tmpl.what, list(tmpl.derived), info.node.name)
            ev.analogy = tmpl.analogy
            self._emit(ev)

    def _etf_gram_of_parameter(self, info: FuncInfo, loader: str | None = None) -> None:
        """A function never called here whose name (or the helper it calls) says it measures a
        simplex ETF (`compute_ETF(W)`, `check_duality(W, H)` calling `check_etf(W)`), or that sits
        beside this module's own head `loader` (a module of helpers whose caller lives elsewhere), and
        that forms the Gram matrix of a classifier-named parameter (`W`, `weights`, `fc_w`): the
        classifier rows compared pairwise (medium confidence). Called here with class means, it is quiet."""
        named = bool(_ETF_NAME.search(info.node.name)) or (loader is not None and not info.quiet)
        for tmpl in info.templates:
            a = tmpl.a
            # beside the loader, a generic matrix name (`rows`, `mat`) is most likely what it loads (weaker
            # evidence than a classifier's name: a warning, saying why)
            generic = loader is not None and generic_rows_param(a.source)
            if not tmpl.between_labels or a.kind != PARAM or not (matrix_param(a.source) or generic):
                continue
            etf = bool(_ETF_NAME.search(info.node.name)) or (tmpl.helper is not None and _ETF_NAME.search(tmpl.helper))
            if named or etf:
                why = f"its function sits beside `{loader}()`, which loads the head" if generic and not etf else ""
                t = replace(a, kind=LABEL, confidence="medium", param=None, row=False, why=why)
                self._emit(Event(tmpl.kind, t, t, tmpl.pos, tmpl.what, list(tmpl.derived), tmpl.helper))
