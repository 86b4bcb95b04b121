"""Which files to check: explicit paths as given, directories walked honouring `.gitignore`
and the `exclude` patterns (gitignore syntax, matched below the directory being walked)."""

from __future__ import annotations

import fnmatch
import os
from dataclasses import dataclass
from pathlib import Path

from cosaudit.errors import InputError
from cosaudit.lint.config import CheckConfig, Configs
from cosaudit.lint.formats import reader_for


@dataclass(frozen=True)
class _Pattern:
    pattern: str
    negate: bool
    dir_only: bool
    anchored: bool

    def matches(self, rel: str, is_dir: bool) -> bool:
        if self.dir_only and not is_dir:
            return False
        if self.anchored:
            return fnmatch.fnmatchcase(rel, self.pattern) or fnmatch.fnmatchcase(
                rel, self.pattern + "/**"
            )
        name = rel.rsplit("/", 1)[-1]
        return fnmatch.fnmatchcase(name, self.pattern)


class IgnoreRules:
    """gitignore-style patterns relative to `base` (a subset of git's rules: `!`, `/`, `*`)."""

    def __init__(self, base: Path, lines: list[str] | tuple[str, ...]):
        self.base = base
        self.patterns: list[_Pattern] = []
        for raw in lines:
            line = raw.rstrip("\n").rstrip()
            if not line or line.startswith("#"):
                continue
            negate = line.startswith("!")
            if negate:
                line = line[1:]
            dir_only = line.endswith("/")
            line = line.rstrip("/")
            anchored = "/" in line
            line = line.lstrip("/")
            if line.startswith("**/"):
                line, anchored = line[3:], "/" in line[3:]
            if line:
                self.patterns.append(_Pattern(line, negate, dir_only, anchored))

    def decide(self, path: Path, is_dir: bool) -> bool | None:
        """True: ignored; False: re-included by `!`; None: no pattern matched."""
        try:
            rel = path.relative_to(self.base).as_posix()
        except ValueError:
            return None
        result = None
        for p in self.patterns:
            if p.matches(rel, is_dir):
                result = not p.negate
        return result


def _gitignores_above(directory: Path) -> list[IgnoreRules]:
    """.gitignore files of the enclosing repository, from its top down to `directory`'s parent."""
    out = []
    for d in reversed(directory.parents):
        gi = d / ".gitignore"
        if gi.is_file():
            out.append(IgnoreRules(d, _read_lines(gi)))
    return out


def _read_lines(path: Path) -> list[str]:
    try:
        return path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []


def _ignored(path: Path, is_dir: bool, stack: list[IgnoreRules]) -> bool:
    verdict = None
    for rules in stack:
        d = rules.decide(path, is_dir)
        if d is not None:
            verdict = d
    return bool(verdict)


def discover(paths: list[str], config: CheckConfig | Configs) -> tuple[list[Path], list[Path]]:
    """(files to check, explicit files of an unsupported type). Missing paths raise InputError.

    Directories are walked with the `exclude` patterns of the configuration that applies there
    (relative to that configuration's folder), explicit files are always checked."""
    configs = config if isinstance(config, Configs) else Configs(config)
    files: list[Path] = []
    unsupported: list[Path] = []
    seen: set[Path] = set()
    for raw in paths:
        p = Path(raw)
        if not p.exists() and not p.is_symlink():
            raise InputError(
                f"path {raw} does not exist",
                hint="check the spelling, or run from the repository root",
            )
        if p.is_dir():
            for f in _walk(p, configs):
                key = f.resolve()
                if key not in seen:
                    seen.add(key)
                    files.append(f)
        else:
            key = p.resolve()
            if key in seen:
                continue
            seen.add(key)
            (files if reader_for(p) is not None else unsupported).append(p)
    return files, unsupported


def _excludes(cfg: CheckConfig, base: Path) -> IgnoreRules:
    return IgnoreRules(base, cfg.exclude + cfg.extend_exclude)


def _walk(top: Path, configs: Configs) -> list[Path]:
    top_abs = Path(os.path.abspath(top))
    cfg0 = configs.for_dir(top_abs)
    root0 = Path(os.path.abspath(cfg0.root))
    base0 = root0 if cfg0.source is not None and top_abs.is_relative_to(root0) else top_abs
    out: list[Path] = []
    stack0 = _gitignores_above(top_abs) if cfg0.respect_gitignore else []

    def visit(d: Path, stack: list[IgnoreRules], excludes: list[IgnoreRules]) -> None:
        cfg = configs.for_dir(d)
        if cfg is not cfg0 and cfg.source is not None and Path(os.path.abspath(cfg.root)) == d:
            excludes = excludes + [_excludes(cfg, d)]  # a nested project with its own settings
        if cfg.respect_gitignore and (d / ".gitignore").is_file():
            stack = stack + [IgnoreRules(d, _read_lines(d / ".gitignore"))]
        try:
            entries = sorted(os.scandir(d), key=lambda e: e.name)
        except OSError:
            return
        for e in entries:
            path = Path(e.path)
            try:
                is_dir = e.is_dir()
            except OSError:
                is_dir = False
            if _ignored(path, is_dir, excludes) or _ignored(path, is_dir, stack):
                continue
            if is_dir:
                if not e.is_symlink():
                    visit(path, stack, excludes)
            elif reader_for(path) is not None:
                out.append(path)

    visit(top_abs, stack0, [_excludes(cfg0, base0)])
    return out
