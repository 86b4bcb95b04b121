"""Helpers shared between the modules of one scanned tree.

A script often gets its head from a helper of a sibling module (`from utils import
get_unembedding`, `from .load import load_head`, `import helpers as h`). The first time a scanned
file imports a module that is itself among the scanned `.py` files, that module is summarised once
(which of its module-level functions return label rows or compare what they are given,
`taint.helper_summary`) and its calls are
followed in the importing file. Only modules of the scanned set are read; nothing is executed,
and a module's own imports are not followed (one level).

A class imported from a scanned module that builds a cosine head (`from utils.inc_net import EaseNet`,
whose `generate_fc` returns an `EaseCosineLinear`) is evidence of a normalised head in the importing
file, as the class's name written there would be: its rows are fixed by the model. One that ties its
token rows to its head and adds learned positions (`from model import GPT`, nanoGPT) makes the file's
token-row geometry the head's, as a GPT-2 checkpoint's name would.

A model class imported from a scanned module brings its output layers (`from src.word2vec import CBOW`,
whose `self.U = nn.Linear(embed_dim, vocab_size)` its forward pass returns): `model.U.weight` in the
importing file is that model's head, as it would be were the class written there (`class_heads`).
"""

from __future__ import annotations

import ast
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from cosaudit.lint import patterns as P
from cosaudit.lint.taint import helper_summary
from cosaudit.lint.taint.libs.layers import ClassHeads, class_heads
from cosaudit.lint.taint.syntax import nested_statements
from cosaudit.lint.taint.values import Exported

_T = TypeVar("_T")
_MAX_SUMMARY_BYTES = 1_000_000  # a module larger than this is not summarised
_ABSOLUTE_DEPTH = 3  # `from pkg.mod import f` is looked for this many folders above the importer


@dataclass
class _Summary:
    """What one scanned module offers its importers."""

    helpers: dict[str, Exported] = field(default_factory=dict)
    # module-level classes by what their code shows: "cosine head" (a normalised head), "tied positions"
    # (token rows tied to the head, with learned absolute positions: nanoGPT's GPT)
    classes: dict[str, frozenset[str]] = field(default_factory=dict)
    # the module's own `from X import a, b` / `from X import *` (module, level, names): the classes it
    # passes on to a star import of it (FACT's `helper.py`: `from .Network import MYNET`)
    imports: list[tuple[str | None, int, tuple[str, ...]]] = field(default_factory=list)
    # module-level functions and the capitalised names they use (`def load(): ... GPT.load(...)`): a
    # loader of a model class the module imports
    uses: dict[str, frozenset[str]] = field(default_factory=dict)
    # module-level classes' output layers (`CBOW`: `self.U = nn.Linear(embed_dim, vocab_size)`)
    heads: dict[str, ClassHeads] = field(default_factory=dict)


class FileImports:
    """The other modules of the scan as one file sees them."""

    def __init__(self, index: ModuleIndex, importer: Path):
        self._index = index
        self._folder = os.path.dirname(os.path.abspath(importer))

    def helpers(self, module: str | None, level: int) -> dict[str, Exported] | None:
        """The label-row helpers of `from <level dots><module> import ...` (None: not a module of the scan),
        with those the module passes on from its scanned siblings (a package's `__init__.py` that
        re-exports `from .emb_verbalizer import EmbVerbalizer`)."""
        return self._index.helpers(self._folder, module, level)

    def class_evidence(self, tree: ast.Module) -> set[str]:
        """What the classes this file imports from scanned modules show ("cosine head", "tied positions")."""
        found: set[str] = set()
        for node, brought in self._imported_classes(tree, _evidence):
            for evidence in brought.values():
                found |= evidence
            names = tuple(alias.name for alias in node.names)
            found |= self._index.loaded_model_layout(self._folder, node.module, node.level, names)
        return found

    def class_heads(self, tree: ast.Module) -> ClassHeads | None:
        """The output layers of the model classes this file imports from scanned modules, merged (the
        first class to name a layer keeps it); None when there are none."""
        merged = ClassHeads()
        for _node, brought in self._imported_classes(tree, _heads):
            for heads in brought.values():
                for layer, role in heads.layers.items():
                    merged.layers.setdefault(layer, role)
                merged.returns.update(heads.returns)
        return merged if merged.layers or merged.returns else None

    def _imported_classes(
        self, tree: ast.Module, part: Callable[[_Summary], dict[str, _T]]
    ) -> Iterator[tuple[ast.ImportFrom, dict[str, _T]]]:
        """Each `from X import ...` of the file with what `part` of the scanned module's summary says of
        the classes it brings (one hop on, as `ModuleIndex.classes`). A star import vouches only for the
        classes the file goes on to name (read only then: most star imports bring no such class)."""
        used: set[str] | None = None
        for node in nested_statements(list(tree.body)):
            if not isinstance(node, ast.ImportFrom):
                continue
            names = tuple(alias.name for alias in node.names)
            brought = self._index.classes(self._folder, node.module, node.level, names, passed_on=True, part=part)
            if "*" in names and brought:
                used = used if used is not None else {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
                brought = {n: e for n, e in brought.items() if n in used}
            yield node, brought

_LAYOUTS = frozenset({"tied positions", "learned positions"})


class ModuleIndex:
    """The `.py` files of a scan, and what those that are imported offer (helpers, cosine-head classes)."""

    def __init__(self, files: Iterable[Path]):
        self._py = {os.path.abspath(p) for p in files if p.suffix == ".py"}
        self._summaries: dict[str, _Summary] = {}
        self._helpers: dict[str, dict[str, Exported]] = {}  # a module's helpers with those it passes on

    def for_file(self, importer: Path) -> FileImports | None:
        """The other modules as `importer` sees them (None when the scan holds no other module)."""
        # a notebook importing the one module of the scan counts too
        return FileImports(self, importer) if self._py - {os.path.abspath(importer)} else None

    def summary(self, folder: str, module: str | None, level: int) -> _Summary | None:
        path = self.resolve(folder, module, level)
        return self._summary(path) if path is not None else None

    def helpers(self, folder: str, module: str | None, level: int) -> dict[str, Exported] | None:
        """A module's helpers, and (one hop) those it imports by name or by `*` from scanned siblings."""
        path = self.resolve(folder, module, level)
        if path is None:
            return None
        cached = self._helpers.get(path)
        if cached is not None:
            return cached  # every importer of a package sees the same merge: made once
        summary = self._summary(path)
        if not summary.imports:
            return summary.helpers
        found: dict[str, Exported] = {}
        here = os.path.dirname(path)
        for mod, lvl, imported in summary.imports:
            sibling = self.resolve(here, mod, lvl)
            if sibling is None or sibling == path:
                continue
            offered = self._summary(sibling).helpers
            found.update({n: h for n, h in offered.items() if "*" in imported or n in imported})
        found.update(summary.helpers)  # the module's own definitions shadow what it imports
        self._helpers[path] = found
        return found

    def classes(
        self,
        folder: str,
        module: str | None,
        level: int,
        names: tuple[str, ...],
        *,
        passed_on: bool,
        part: Callable[[_Summary], dict[str, _T]],
    ) -> dict[str, _T]:
        """The classes `from <module> import <names>` brings, by name, with what each shows (`part` of
        the module's summary: its evidence, `_evidence`, or its output layers, `_heads`); `*` brings them all. With
        `passed_on`, also those the module imports from its own scanned siblings (one hop: a star import
        of a helper module that imports the network class, FACT's `helper.py`)."""
        path = self.resolve(folder, module, level)
        if path is None:
            return {}
        summary = self._summary(path)
        found = {n: e for n, e in part(summary).items() if "*" in names or n in names}
        if passed_on:
            here = os.path.dirname(path)
            for mod, lvl, imported in summary.imports:
                taken = _taken(names, imported)
                if taken:
                    found.update(self.classes(here, mod, lvl, taken, passed_on=False, part=part))
        return found

    def loaded_model_layout(self, folder: str, module: str | None, level: int, names: tuple[str, ...]) -> set[str]:
        """`from gen import load` where `load` builds a class that `gen` imports from a scanned module
        (`from model import GPT`, then `GPT.load(path)`): the model the file gets from `load()` is that
        class's (one hop), so what it shows of its token table ("tied positions": tied beside learned
        positions; "learned positions": the positions without the tie) is the file's."""
        path = self.resolve(folder, module, level)
        if path is None:
            return set()
        summary = self._summary(path)
        used = set().union(*(summary.uses.get(n, frozenset()) for n in names))
        if not used:
            return set()
        here = os.path.dirname(path)
        found: set[str] = set()
        for mod, lvl, imported in summary.imports:
            wanted = tuple(n for n in imported if n in used)
            brought = self.classes(here, mod, lvl, wanted, passed_on=False, part=_evidence) if wanted else {}
            for evidence in brought.values():
                found |= evidence & _LAYOUTS
        return found

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

    def _summary(self, path: str) -> _Summary:
        found = self._summaries.get(path)
        if found is None:
            found = self._summaries[path] = _summarise(path)
            self._positions_from_components(path, found)
        return found

    def _positions_from_components(self, path: str, summary: _Summary) -> None:
        """A class that ties its token rows to its head and builds a component class that adds learned
        positions (`self.embedding = BasicEmbedding(...)`, defined here or imported from a scanned
        module): the tie and the positions together, as in one class."""
        for name, evidence in list(summary.classes.items()):
            if "ties" not in evidence:
                continue
            built = {e.removeprefix("builds:") for e in evidence if e.startswith("builds:")}
            parts = {n: e for n, e in summary.classes.items() if n in built}
            for mod, lvl, imported in summary.imports:
                wanted = _taken(tuple(sorted(built)), imported)
                if wanted:
                    parts.update(self.classes(os.path.dirname(path), mod, lvl, wanted, passed_on=False, part=_evidence))
            if any("learned positions" in e for e in parts.values()):
                summary.classes[name] = evidence | {"tied positions"}


def _evidence(summary: _Summary) -> dict[str, frozenset[str]]:
    return summary.classes


def _heads(summary: _Summary) -> dict[str, ClassHeads]:
    return summary.heads


def _taken(names: tuple[str, ...], imported: tuple[str, ...]) -> tuple[str, ...]:
    """Which of the names a module imports (`imported`) a request for `names` reaches: all of them for
    `*`; `names` themselves when the module star-imports (it may have got them that way); else the
    names it imports by name."""
    if "*" in names:
        return imported
    if "*" in imported:
        return names
    return tuple(n for n in imported if n in names)


def _summarise(path: str) -> _Summary:
    """What one module offers; nothing when it cannot be read, parsed or analysed."""
    try:
        if os.path.getsize(path) > _MAX_SUMMARY_BYTES:
            return _Summary()
        with open(path, encoding="utf-8-sig") as fh:
            text = fh.read()
        tree = ast.parse(text)
        imports = [
            (node.module, node.level, tuple(alias.name for alias in node.names))
            for node in tree.body
            if isinstance(node, ast.ImportFrom)
        ]
        where = os.path.basename(path)
        heads = class_heads(tree, where)
        return _Summary(helper_summary(tree), _class_evidence(tree, text), imports, _capitalised_uses(tree), heads)
    except (OSError, UnicodeDecodeError, SyntaxError, ValueError, RecursionError, MemoryError):
        return _Summary()


def _class_evidence(tree: ast.Module, text: str) -> dict[str, frozenset[str]]:
    """Module-level classes whose code names or builds a normalised head (`fc = EaseCosineLinear(...)`,
    `F.linear(F.normalize(x), F.normalize(self.weight))`, a `logit_scale`), or ties its token rows to
    its head while adding learned absolute positions (nanoGPT: `self.transformer.wte.weight =
    self.lm_head.weight` beside `wpe = nn.Embedding(config.block_size, ...)`). A class that only ties
    ("ties", with the classes it builds under "builds:NAME") or only learns positions ("learned
    positions") is kept too: the positions may come from a component class (`ModuleIndex`)."""
    out: dict[str, frozenset[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            code = ast.get_source_segment(text, node) or ""
            live = "\n".join(line for line in code.splitlines() if not line.lstrip().startswith("#"))
            found = set()
            if P.NORMALISED_HEAD_EVIDENCE.search(live):
                found.add("cosine head")
            ties, positions = bool(P.TIE_ASSIGNMENT.search(live)), bool(P.LEARNED_POSITIONS.search(live))
            if ties and positions:
                found.add("tied positions")
            elif ties:
                found.add("ties")
                found |= {f"builds:{name}" for name in _built_classes(node)}
            elif positions:
                found.add("learned positions")
            if found:
                out[node.name] = frozenset(found)
    return out


def _capitalised_uses(tree: ast.Module) -> dict[str, frozenset[str]]:
    """The capitalised names each module-level function uses (`load` uses `GPT` in `GPT.load(path)`)."""
    return {
        node.name: frozenset(n.id for n in ast.walk(node) if isinstance(n, ast.Name) and n.id[:1].isupper())
        for node in tree.body
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    }


def _built_classes(cls: ast.ClassDef) -> set[str]:
    """The capitalised names a class calls (`self.embedding = BasicEmbedding(...)`): its components."""
    calls = (n for n in ast.walk(cls) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name))
    return {c.func.id for c in calls if isinstance(c.func, ast.Name) and c.func.id[:1].isupper()}
