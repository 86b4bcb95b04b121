"""The renderer contract: `render(result, rules) -> str`; no files, no printing."""

from __future__ import annotations

from typing import Protocol

from cosaudit.lint.model import CheckResult
from cosaudit.lint.registry import Rule


class Renderer(Protocol):
    def __call__(self, result: CheckResult, rules: list[Rule]) -> str: ...
