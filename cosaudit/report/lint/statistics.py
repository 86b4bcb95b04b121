"""`cosaudit check --statistics`: the counts of `lint.statistics` as an aligned table or a JSON list."""

from __future__ import annotations

import json
from dataclasses import asdict

from cosaudit.lint.model import CheckResult
from cosaudit.lint.registry import Rule
from cosaudit.lint.statistics import rule_counts


def render_text(result: CheckResult, rules: list[Rule]) -> str:
    """`  12  COS101  label-representation-cosine  error  in 3 file(s)`, aligned."""
    rows = rule_counts(result, rules)
    if not rows:
        return ""
    count_w = max(len(str(r.findings)) for r in rows)
    name_w = max(len(r.name) for r in rows)
    sev_w = max(len(r.severity) for r in rows)
    lines = [
        f"{r.findings:>{count_w}}  {r.code}  {r.name:<{name_w}}  {r.severity:<{sev_w}}  in {r.files} file(s)"
        for r in rows
    ]
    return "\n".join(lines) + "\n"


def render_json(result: CheckResult, rules: list[Rule]) -> str:
    """A JSON list, one object per rule (`code`, `name`, `severity`, `findings`, `files`)."""
    rows = [asdict(r) for r in rule_counts(result, rules)]
    return json.dumps(rows, indent=2, sort_keys=True) + "\n"
