"""Renderers for `cosaudit check` and `cosaudit rules`: data in, string out (habit 1).

`OutputFormat` is the user's choice; `render` maps every member to a renderer, and a test walks
all members (habit 3).
"""

from __future__ import annotations

import enum
from dataclasses import replace
from typing import NoReturn

from cosaudit.lint.model import CheckResult, Severity
from cosaudit.lint.registry import Rule
from cosaudit.report.lint import github, json_report, sarif, statistics, text


class OutputFormat(enum.Enum):
    TEXT = "text"
    CONCISE = "concise"
    JSON = "json"
    SARIF = "sarif"
    GITHUB = "github"


def _never(value: NoReturn) -> NoReturn:  # pragma: no cover - exhaustiveness guard
    raise AssertionError(f"unhandled output format: {value!r}")


def render(
    result: CheckResult,
    rules: list[Rule],
    fmt: OutputFormat,
    *,
    color: bool = False,
    show_info: bool = False,
) -> str:
    """The report for `result` in format `fmt` (`color`: rich styling for the text format).

    Info-level findings are for machines and for those who ask: the text, concise and GitHub formats
    leave them out unless `show_info`; JSON and SARIF always keep them.
    """
    if fmt in (OutputFormat.TEXT, OutputFormat.CONCISE, OutputFormat.GITHUB) and not show_info:
        result = without_info(result)
    if fmt is OutputFormat.TEXT:
        return text.render(result, rules, color=color)
    if fmt is OutputFormat.CONCISE:
        return text.render_concise(result, rules)
    if fmt is OutputFormat.JSON:
        return json_report.render(result, rules)
    if fmt is OutputFormat.SARIF:
        return sarif.render(result, rules)
    if fmt is OutputFormat.GITHUB:
        return github.render(result, rules)
    _never(fmt)


# the formats `--statistics` prints in: a table for people, a list for machines
STATISTICS_FORMATS = (OutputFormat.TEXT, OutputFormat.CONCISE, OutputFormat.JSON)


def render_statistics(result: CheckResult, rules: list[Rule], fmt: OutputFormat, *, show_info: bool = False) -> str:
    """How many findings each rule has, and in how many files (`check --statistics`): a table
    (text, concise; info-level findings only with `show_info`) or a JSON list (all of them)."""
    if fmt not in STATISTICS_FORMATS:
        raise ValueError(f"no statistics in the {fmt.value} format")
    if fmt is OutputFormat.JSON:
        return statistics.render_json(result, rules)  # for machines, with every finding (as `render`)
    if not show_info:
        result = without_info(result)
    return statistics.render_text(result, rules)


def without_info(result: CheckResult) -> CheckResult:
    """The same result without its info-level findings."""
    kept = [f for f in result.findings if f.severity is not Severity.INFO]
    return replace(result, findings=kept)


__all__ = ["OutputFormat", "STATISTICS_FORMATS", "render", "render_statistics", "without_info"]
