"""Helpers shared between the modules of one scanned tree.

A script often gets its head from a helper of a sibling module (`from utils import
get_unembedding`, `from .load import load_head`, `import helpers as h`). The first time a scanned
file imports a module that is itself among the scanned `.py` files, that module is summarised once
(which of its module-level functions return label rows or compare what they are given,
`taint.helper_summary`) and its calls are
followed in the importing file. Only modules of the scanned set are read; nothing is executed,
and a module's own imports are not followed (one level).
"""

from __future__ import annotations

import ast
import os
from collections.abc import Iterable
from pathlib import Path

from cosaudit.lint.taint import FuncInfo, ImportLookup, Taint, helper_summary

_MAX_SUMMARY_BYTES = 1_000_000  # a module larger than this is not summarised
_ABSOLUTE_DEPTH = 3  # `from pkg.mod import f` is looked for this many folders above the importer


class ModuleIndex:
    """The `.py` files of a scan, and the label-row helpers of those that are imported."""

    def __init__(self, files: Iterable[Path]):
        self._py = {os.path.abspath(p) for p in files if p.suffix == ".py"}
        self._summaries: dict[str, dict[str, Taint | FuncInfo]] = {}

    def lookup(self, importer: Path) -> ImportLookup | None:
        """The import lookup for one file (None when the scan holds no other module)."""
        if len(self._py) < 2:
            return None
        folder = os.path.dirname(os.path.abspath(importer))

        def helpers(module: str | None, level: int) -> dict[str, Taint | FuncInfo] | None:
            path = self.resolve(folder, module, level)
            return self._summary(path) if path is not None else None  # None: not a module of the scan

        return helpers

    def resolve(self, folder: str, module: str | None, level: int) -> str | None:
        """The scanned file that `from <level dots><module> import ...` in `folder` names: a
        relative import from its package; an absolute one from the importer's folder (a script
        importing its sibling) or a few folders above it (`src.pkg.mod`)."""
        parts = module.split(".") if module else []
        if level:
            base = folder
            for _ in range(level - 1):
                base = os.path.dirname(base)
            bases = [base]
        else:
            bases = [folder]
            for _ in range(_ABSOLUTE_DEPTH):
                parent = os.path.dirname(bases[-1])
                if parent == bases[-1]:
                    break
                bases.append(parent)
        for base in bases:
            stem = os.path.join(base, *parts)
            for cand in (stem + ".py", os.path.join(stem, "__init__.py")):
                if cand in self._py:
                    return cand
        return None

    def _summary(self, path: str) -> dict[str, Taint | FuncInfo]:
        found = self._summaries.get(path)
        if found is None:
            found = self._summaries[path] = _summarise(path)
        return found


def _summarise(path: str) -> dict[str, Taint | FuncInfo]:
    """Label-row helpers of one module; none when it cannot be read, parsed or analysed."""
    try:
        if os.path.getsize(path) > _MAX_SUMMARY_BYTES:
            return {}
        with open(path, encoding="utf-8-sig") as fh:
            tree = ast.parse(fh.read())
        return helper_summary(tree)
    except (OSError, UnicodeDecodeError, SyntaxError, ValueError, RecursionError, MemoryError):
        return {}
