"""Small trees of modules written for a test, and the warnings a check of them gives."""

from __future__ import annotations

from pathlib import Path

from cosaudit.lint.config import CheckConfig
from cosaudit.lint.engine import check_paths


def write_tree(root: Path, files: dict[str, str]) -> None:
    """Write each file (relative path -> text) under `root`, making folders as needed."""
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def warning_codes(root: Path, *paths: str) -> list[tuple[str, str, int]]:
    """(file, code, line) of every warning or error of a check of `paths` under `root` (all of it: none)."""
    scan = [str(root / p) for p in paths] or [str(root)]
    result = check_paths(scan, CheckConfig(root=root), cwd=root)
    return sorted((f.path, f.code, f.line) for f in result.findings if f.severity.value != "info")
