"""How many findings each rule has, and in how many files, most frequent first — what a repository
adopting the gate looks at before it chooses a baseline, suppressions or a narrower `select` (as
ruff's `--statistics`; `cosaudit check --statistics`, `CheckReport.statistics()`)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from cosaudit.lint.model import CheckResult, Severity
from cosaudit.lint.registry import Rule


@dataclass(frozen=True)
class RuleCount:
    """One rule at one severity: its findings, and the files they are in."""

    code: str
    name: str
    severity: str
    findings: int
    files: int


def rule_counts(result: CheckResult, rules: list[Rule]) -> list[RuleCount]:
    """One row per rule and severity with findings (a rule reported at a lower severity where the
    file shows weaker evidence counts apart): most findings first, then by code and severity."""
    names = {r.code: r.name for r in rules}
    keys = [(f.code, f.severity.value) for f in result.findings]
    findings = Counter(keys)
    files = Counter(key for key, _path in {((f.code, f.severity.value), f.path) for f in result.findings})
    ordered = sorted(findings, key=lambda k: (-findings[k], k[0], -Severity(k[1]).rank))
    return [RuleCount(c, names.get(c, ""), sev, findings[(c, sev)], files[(c, sev)]) for c, sev in ordered]
