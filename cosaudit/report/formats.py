"""Which renderer module draws a report, chosen by the report's schema.

Each module provides `render_text(report, color=...)`, `render_json(report)` and
`render_markdown(report)`; the HTML and Markdown-with-figures renderers build on the Markdown
one, so every command gets every format from one source of content.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

# schema name (before "/version") -> module, and the function-name prefix when the module
# renders several commands (render_<prefix>text …); "" means plain render_text …
RENDERERS: dict[str, tuple[str, str]] = {
    "cosaudit.inspect": ("cosaudit.report.inspect", ""),
    "cosaudit.flip": ("cosaudit.report.flip", ""),
    "cosaudit.neighbours": ("cosaudit.report.identifiable", "neighbours"),
    "cosaudit.argmax": ("cosaudit.report.identifiable", "argmax"),
    "cosaudit.patterns": ("cosaudit.report.identifiable", "patterns"),
    "cosaudit.paper": ("cosaudit.report.paper", ""),
    "cosaudit.similar": ("cosaudit.report.similar", ""),
}


class Renderers:
    """The text / JSON / Markdown renderers of one report kind."""

    def __init__(self, module: ModuleType, prefix: str) -> None:
        self.module = module
        self.prefix = prefix

    def _find(self, kind: str) -> Any:
        names = (
            [f"render_{self.prefix}_{kind}", f"render_{kind}_{self.prefix}", f"render_{kind}"]
            if self.prefix
            else [f"render_{kind}"]
        )
        for name in names:
            fn = getattr(self.module, name, None)
            if callable(fn):
                return fn
        raise LookupError(
            f"{self.module.__name__} has no renderer for {kind} ({' / '.join(names)})"
        )

    def text(self, report: dict[str, Any], *, color: bool = False) -> str:
        return str(self._find("text")(report, color=color))

    def json(self, report: dict[str, Any]) -> str:
        return str(self._find("json")(report))

    def markdown(self, report: dict[str, Any]) -> str:
        return str(self._find("markdown")(report))


def renderers_for(report: dict[str, Any]) -> Renderers:
    """The renderers of a report, from its `schema` ("cosaudit.<command>/<version>")."""
    schema = str(report.get("schema", ""))
    name = schema.split("/", 1)[0]
    if name not in RENDERERS:
        raise ValueError(f"no renderer for report schema {schema!r}")
    module, prefix = RENDERERS[name]
    return Renderers(importlib.import_module(module), prefix)
