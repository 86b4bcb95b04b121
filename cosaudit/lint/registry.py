"""The rule registry: a rule is a code, a kebab-case name and a documented docstring.

Rules register themselves with the `@rule(...)` decorator. The docstring's first line is the
summary; the rest must have the sections of `SECTIONS`, in that order, as `## ` headings. It
becomes `cosaudit rules CODE`, `docs/rules.md` and the SARIF rule help.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from cosaudit.lint.model import Confidence, Severity

SECTIONS = ("What it does", "Why is this a problem?", "Example", "Use instead", "References")
CODE_RE = re.compile(r"^COS[1-3]\d\d$")
NAME_RE = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)+$")
ALL_FORMATS = ("python", "notebook", "markdown", "rst", "latex")
CODE_FORMATS = ALL_FORMATS  # code also lives in fences/listings
PROSE_FORMATS = ALL_FORMATS  # docstrings, comments, notebook markdown


@dataclass(frozen=True)
class Hit:
    """What a rule function yields; the engine turns it into a `Finding`."""

    line: int
    column: int
    cell: int | None
    message: str
    severity: Severity | None = None  # None: the rule's default
    confidence: Confidence = Confidence.HIGH
    summary: str = ""  # what was seen, without why and what to do (the concise report); "": the message


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    severity: Severity
    stage: str  # "code" | "prose" | "file" | "suppression"
    summary: str
    sections: dict[str, str]
    check: Callable[[Any], Iterable[Hit]] = field(compare=False, repr=False)

    @property
    def family(self) -> str:
        return {"1": "code", "2": "prose", "3": "meta"}[self.code[3]]


RULES: dict[str, Rule] = {}


class RuleDefinitionError(Exception):
    """A rule whose code, name or docstring breaks the conventions (a programming error)."""


def parse_doc(code: str, doc: str) -> tuple[str, dict[str, str]]:
    lines = doc.strip().splitlines()
    if not lines:
        raise RuleDefinitionError(f"{code}: empty docstring")
    summary = lines[0].strip()
    sections: dict[str, str] = {}
    current: str | None = None
    body: list[str] = []
    for line in lines[1:]:
        if line.startswith("## "):
            if current is not None:
                sections[current] = "\n".join(body).strip()
            current = line[3:].strip()
            body = []
        elif current is not None:
            body.append(line)
        elif line.strip():
            raise RuleDefinitionError(f"{code}: text before the first section: {line.strip()!r}")
    if current is not None:
        sections[current] = "\n".join(body).strip()
    if tuple(sections) != SECTIONS:
        raise RuleDefinitionError(f"{code}: sections are {tuple(sections)}, expected {SECTIONS}")
    empty = [k for k, v in sections.items() if not v]
    if empty:
        raise RuleDefinitionError(f"{code}: empty sections {empty}")
    return summary, sections


def rule(
    code: str, name: str, severity: Severity, stage: str
) -> Callable[[Callable[..., Iterable[Hit]]], Callable[..., Iterable[Hit]]]:
    """Register the decorated function as rule `code`."""

    def deco(fn: Callable[..., Iterable[Hit]]) -> Callable[..., Iterable[Hit]]:
        if not CODE_RE.match(code):
            raise RuleDefinitionError(f"bad rule code {code!r}")
        if not NAME_RE.match(name):
            raise RuleDefinitionError(f"{code}: name {name!r} is not kebab-case")
        if code in RULES:
            raise RuleDefinitionError(f"{code} registered twice")
        summary, sections = parse_doc(code, inspect.getdoc(fn) or "")
        RULES[code] = Rule(code, name, severity, stage, summary, sections, fn)
        return fn

    return deco


def all_rules() -> list[Rule]:
    """Every registered rule, sorted by code."""
    import cosaudit.lint.rules  # noqa: F401  (registers the rules)

    return [RULES[c] for c in sorted(RULES)]


def get_rule(code: str) -> Rule | None:
    all_rules()
    return RULES.get(code.upper())


def expand_selector(selector: str) -> list[str]:
    """Codes matched by a selector: `ALL`, a full code, or a prefix (`COS1`, `COS20`)."""
    sel = selector.strip().upper()
    codes = [r.code for r in all_rules()]
    if sel == "ALL":
        return codes
    return [c for c in codes if c.startswith(sel)] if sel.startswith("COS") else []
