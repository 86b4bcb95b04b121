"""`[tool.cosaudit.check]` in pyproject.toml, and rule selection.

Keys: `select`, `ignore`, `exclude`, `extend-exclude`, `per-file-ignores`, `fail-on`,
`max-file-size`, `respect-gitignore`. Command-line options override the file (`--select`
replaces `select`; `--ignore` adds to `ignore`). Selection works like ruff's: a selector is a
code or a prefix (`COS1`), and for each rule the most specific matching selector wins, `ignore`
winning ties.
"""

from __future__ import annotations

import fnmatch
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cosaudit.errors import ConfigError, CosauditError, UsageError
from cosaudit.lint.model import Severity
from cosaudit.lint.registry import all_rules, expand_selector

DEFAULT_EXCLUDE = (
    ".git",
    ".hg",
    ".svn",
    ".venv",
    "venv",
    ".tox",
    ".nox",
    "node_modules",
    "__pycache__",
    "build",
    "dist",
    "site-packages",
    ".ipynb_checkpoints",
    ".mypy_cache",
    ".pytest_cache",
    ".ruff_cache",
    # tests assert that helpers equal F.cosine_similarity: the helper itself is flagged
    "tests/",
    "test_*.py",
    "*_test.py",
)
KEYS = {
    "select",
    "ignore",
    "exclude",
    "extend-exclude",
    "per-file-ignores",
    "fail-on",
    "max-file-size",
    "respect-gitignore",
}


@dataclass(frozen=True)
class CheckConfig:
    select: tuple[str, ...] = ("ALL",)
    ignore: tuple[str, ...] = ()
    exclude: tuple[str, ...] = DEFAULT_EXCLUDE
    extend_exclude: tuple[str, ...] = ()
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    fail_on: Severity = Severity.ERROR
    max_file_size: int = 10 * 1024 * 1024
    respect_gitignore: bool = True
    root: Path = field(default_factory=Path.cwd)
    source: Path | None = None

    def enabled(self) -> set[str]:
        return resolve_selection(self.select, self.ignore)

    def file_ignores(self, rel_path: str) -> set[str]:
        """Codes switched off for this file by `per-file-ignores`."""
        out: set[str] = set()
        name = rel_path.rsplit("/", 1)[-1]
        for pattern, codes in self.per_file_ignores:
            pat = pattern.rstrip("/")
            if (
                fnmatch.fnmatchcase(rel_path, pat)
                or ("/" not in pat and fnmatch.fnmatchcase(name, pat))
                or rel_path.startswith(pat + "/")
            ):
                for c in codes:
                    out.update(expand_selector(c))
        return out

    def with_overrides(
        self,
        *,
        select: list[str] | None = None,
        ignore: list[str] | None = None,
        fail_on: str | None = None,
    ) -> CheckConfig:
        """Apply command-line options (which raise UsageError, exit 2, for unknown codes)."""
        cfg = self
        if select:
            codes = _split(select)
            _validate(codes, "--select", UsageError)
            cfg = replace(cfg, select=tuple(codes))
        if ignore:
            codes = _split(ignore)
            _validate(codes, "--ignore", UsageError)
            cfg = replace(cfg, ignore=cfg.ignore + tuple(codes))
        if fail_on:
            cfg = replace(cfg, fail_on=Severity.parse(fail_on))
        return cfg


def _split(values: list[str]) -> list[str]:
    out: list[str] = []
    for v in values:
        out.extend(p.strip().upper() for p in v.split(",") if p.strip())
    return out


def _validate(selectors: list[str], key: str, err: type[CosauditError]) -> None:
    for s in selectors:
        if not expand_selector(s):
            known = ", ".join(r.code for r in all_rules())
            raise err(f"{key}: unknown rule code or prefix {s!r}", hint=f"known codes: {known}")


def resolve_selection(select: tuple[str, ...], ignore: tuple[str, ...]) -> set[str]:
    """Enabled codes: the most specific matching selector wins; `ignore` wins ties."""

    def best(code: str, sels: tuple[str, ...]) -> int:
        lens = [0 if s.upper() == "ALL" else len(s) for s in sels if code in expand_selector(s)]
        return max(lens) if lens else -1

    enabled = set()
    for r in all_rules():
        if best(r.code, select) > best(r.code, ignore):
            enabled.add(r.code)
    return enabled


def _load_toml(path: Path) -> dict[str, Any]:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # Python 3.10
        import tomli as tomllib
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(
            f"{path} is not valid TOML: {exc}", hint="fix the syntax of the file"
        ) from None
    except OSError as exc:
        raise ConfigError(
            f"cannot read {path}: {exc.strerror}", hint="check the --config path"
        ) from None


def find_pyproject(start: Path) -> Path | None:
    for d in [start, *start.parents]:
        p = d / "pyproject.toml"
        if p.is_file():
            return p
    return None


def _check_table(path: Path) -> dict[str, Any] | None:
    """The `[tool.cosaudit.check]` table of a pyproject.toml, or None when it has none (files that
    do not mention cosaudit are not even parsed)."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    if "cosaudit" not in text:
        return None
    data = _load_toml(path)
    tool = data.get("tool")
    table = tool.get("cosaudit", {}).get("check") if isinstance(tool, dict) else None
    return table


class Configs:
    """Which configuration applies to each scanned file, found like ruff finds it: the nearest
    pyproject.toml with a `[tool.cosaudit.check]` table at or above the file (not the current
    folder), so `cosaudit check path/to/repo` applies that repository's own settings. A fixed
    configuration (`--config FILE`) applies to every file. Command-line options are applied on
    top of whichever configuration is found (`overrides`)."""

    def __init__(
        self,
        fixed: CheckConfig | None = None,
        *,
        overrides: Callable[[CheckConfig], CheckConfig] | None = None,
        default_root: Path | None = None,
    ):
        self.fixed = fixed
        self.overrides = overrides or (lambda c: c)
        self.default_root = (default_root or Path.cwd()).resolve()
        self._by_dir: dict[Path, CheckConfig] = {}
        self._by_file: dict[Path, CheckConfig | None] = {}

    def for_dir(self, directory: Path) -> CheckConfig:
        if self.fixed is not None:
            return self.fixed
        d = Path(os.path.abspath(directory))
        found = self._by_dir.get(d)
        if found is None:
            found = self._lookup(d)
            self._by_dir[d] = found
        return found

    def for_file(self, path: Path) -> CheckConfig:
        return self.for_dir(Path(os.path.abspath(path)).parent)

    def _lookup(self, d: Path) -> CheckConfig:
        own = self._own(d / "pyproject.toml")
        if own is not None:
            return own
        if d.parent == d:
            return self.overrides(CheckConfig(root=self.default_root))
        return self.for_dir(d.parent)

    def _own(self, path: Path) -> CheckConfig | None:
        if path not in self._by_file:
            table = _check_table(path) if path.is_file() else None
            cfg = None if table is None else parse_table(table, root=path.parent, source=path)
            self._by_file[path] = None if cfg is None else self.overrides(cfg)
        return self._by_file[path]


def load_config(explicit: Path | None = None, start: Path | None = None) -> CheckConfig:
    """The configuration from `--config` or the nearest pyproject.toml (defaults if none)."""
    start = (start or Path.cwd()).resolve()
    if explicit is not None:
        path = Path(explicit)
        if not path.is_file():
            raise ConfigError(
                f"config file {explicit} does not exist", hint="pass an existing pyproject.toml"
            )
    else:
        found = find_pyproject(start)
        if found is None:
            return CheckConfig(root=start)
        path = found
    data = _load_toml(path)
    table = (
        data.get("tool", {}).get("cosaudit", {}).get("check")
        if isinstance(data.get("tool"), dict)
        else None
    )
    if table is None and explicit is not None and isinstance(data.get("check"), dict):
        table = data["check"]
    root = path.resolve().parent
    if table is None:
        return CheckConfig(root=root, source=path)
    return parse_table(table, root=root, source=path)


def _str_list(table: dict[str, Any], key: str, where: str) -> tuple[str, ...] | None:
    """`table[key]` as a tuple of strings; None when the key is absent."""
    if key not in table:
        return None
    v = table[key]
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise ConfigError(
            f"{where}: {key!r} must be a list of strings", hint=f'e.g. {key} = ["COS1"]'
        )
    return tuple(v)


def _selections(table: dict[str, Any], where: str) -> dict[str, tuple[str, ...]]:
    """`select` and `ignore` (rule codes or prefixes, any case), upper-cased and validated."""
    out = {}
    for key in ("select", "ignore"):
        codes = _str_list(table, key, where)
        if codes is not None:
            upper = tuple(s.upper() for s in codes)
            _validate(list(upper), f"{where}: {key!r}", ConfigError)
            out[key] = upper
    return out


def _excludes(table: dict[str, Any], where: str) -> dict[str, tuple[str, ...]]:
    """`exclude` and `extend-exclude` glob lists, under their field names."""
    out = {}
    for key, name in (("exclude", "exclude"), ("extend-exclude", "extend_exclude")):
        globs = _str_list(table, key, where)
        if globs is not None:
            out[name] = globs
    return out


def _per_file_ignores(pfi: Any, where: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """`per-file-ignores`: glob → codes, validated, upper-cased and sorted by glob."""
    if not isinstance(pfi, dict) or not all(
        isinstance(v, list) and all(isinstance(c, str) for c in v) for v in pfi.values()
    ):
        raise ConfigError(
            f"{where}: 'per-file-ignores' must map glob patterns to lists of codes",
            hint='e.g. "notebooks/*.ipynb" = ["COS202"]',
        )
    for pat, codes in pfi.items():
        _validate(
            [c.upper() for c in codes], f"{where}: 'per-file-ignores' {pat!r}", ConfigError
        )
    return tuple((k, tuple(c.upper() for c in v)) for k, v in sorted(pfi.items()))


def _fail_on(v: Any, where: str) -> Severity:
    """`fail-on`: a severity name."""
    try:
        return Severity.parse(v if isinstance(v, str) else repr(v))
    except ValueError:
        raise ConfigError(
            f"{where}: 'fail-on' must be one of info, warning, error (got {v!r})",
            hint='e.g. fail-on = "warning"',
        ) from None


def _max_file_size(v: Any, where: str) -> int:
    """`max-file-size`: a positive whole number of bytes."""
    if not isinstance(v, int) or isinstance(v, bool) or v <= 0:
        raise ConfigError(
            f"{where}: 'max-file-size' must be a positive number of bytes (got {v!r})",
            hint="e.g. max-file-size = 10485760",
        )
    return v


def _respect_gitignore(v: Any, where: str) -> bool:
    """`respect-gitignore`: true or false."""
    if not isinstance(v, bool):
        raise ConfigError(
            f"{where}: 'respect-gitignore' must be true or false (got {v!r})",
            hint="respect-gitignore = true",
        )
    return v


def parse_table(table: Any, *, root: Path, source: Path | None = None) -> CheckConfig:
    """Validate a `[tool.cosaudit.check]` table; ConfigError names the offending key."""
    where = f"[tool.cosaudit.check] in {source}" if source else "[tool.cosaudit.check]"
    if not isinstance(table, dict):
        raise ConfigError(f"{where} must be a table", hint="see docs/check.md for the keys")
    unknown = sorted(set(table) - KEYS)
    if unknown:
        raise ConfigError(
            f"{where}: unknown key {unknown[0]!r}", hint=f"known keys: {', '.join(sorted(KEYS))}"
        )
    # each key is checked in turn, so the first bad key (in this order) is the one reported
    changes: dict[str, Any] = {**_selections(table, where), **_excludes(table, where)}
    if "per-file-ignores" in table:
        changes["per_file_ignores"] = _per_file_ignores(table["per-file-ignores"], where)
    if "fail-on" in table:
        changes["fail_on"] = _fail_on(table["fail-on"], where)
    if "max-file-size" in table:
        changes["max_file_size"] = _max_file_size(table["max-file-size"], where)
    if "respect-gitignore" in table:
        changes["respect_gitignore"] = _respect_gitignore(table["respect-gitignore"], where)
    return CheckConfig(root=root, source=source, **changes)
