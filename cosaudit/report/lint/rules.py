"""Rule documentation renderers: the `cosaudit rules` list and page, JSON, and docs/rules.md."""

from __future__ import annotations

import json

from cosaudit.lint.registry import Rule

FAMILIES = {
    "code": "Code rules (COS1xx)",
    "prose": "Prose rules (COS2xx)",
    "meta": "Meta rules (COS3xx)",
}


def render_list(rules: list[Rule]) -> str:
    width = max(len(r.name) for r in rules)
    lines = [f"{r.code}  {r.name:<{width}}  {r.severity.value:<7}  {r.summary}" for r in rules]
    return "\n".join(lines) + "\n"


def render_one(r: Rule) -> str:
    out = [f"{r.code} {r.name} (default severity: {r.severity.value})", "", r.summary, ""]
    for title, body in r.sections.items():
        out += [title, "-" * len(title), body, ""]
    return "\n".join(out).rstrip() + "\n"


def render_json(rules: list[Rule]) -> str:
    data = {
        "schema": "cosaudit.rules/1",
        "rules": [
            {
                "code": r.code,
                "name": r.name,
                "severity": r.severity.value,
                "family": r.family,
                "summary": r.summary,
                "sections": r.sections,
            }
            for r in rules
        ],
    }
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def render_markdown(rules: list[Rule]) -> str:
    """The whole of docs/rules.md, generated from the rule docstrings."""
    out = [
        "# cosaudit check — rules",
        "",
        "<!-- Generated from the rule docstrings by `cosaudit rules --format md > "
        "docs/rules.md`;",
        "     tests/lint/test_docs.py fails when this file is out of date. Do not edit by hand. "
        "-->",
        "",
        "| Code | Name | Default severity | Summary |",
        "| --- | --- | --- | --- |",
    ]
    for r in rules:
        out.append(
            f"| [{r.code}](#{r.code.lower()}) | `{r.name}` | {r.severity.value} | {r.summary} |"
        )
    family = None
    for r in rules:
        if r.family != family:
            family = r.family
            out += ["", f"## {FAMILIES[family]}"]
        out += [
            "",
            f"### {r.code}",
            "",
            f"**`{r.name}`** — default severity **{r.severity.value}**.",
            "",
            r.summary,
        ]
        for title, body in r.sections.items():
            out += ["", f"#### {title}", "", body]
    return "\n".join(out) + "\n"
