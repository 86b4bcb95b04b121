"""SARIF 2.1.0 by the book: 1-based columns, relative percent-encoded URIs with forward slashes,
each rule once in `tool.driver.rules` (results point to it by `ruleIndex`), skipped files as tool
notifications, no timestamps or absolute paths (deterministic output)."""

from __future__ import annotations

import json
from urllib.parse import quote

from cosaudit import __version__
from cosaudit.lint.model import CheckResult
from cosaudit.lint.registry import Rule

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
LEVEL = {"error": "error", "warning": "warning", "info": "note"}


def artifact_location(path: str) -> dict[str, str]:
    """Relative paths → percent-encoded relative URI under %SRCROOT%; absolute → file:// URI."""
    if path.startswith("/"):
        return {"uri": "file://" + quote(path, safe="/")}
    return {"uri": quote(path.replace("\\", "/"), safe="/"), "uriBaseId": "%SRCROOT%"}


def _rule_descriptor(r: Rule) -> dict[str, object]:
    help_md = "\n\n".join(f"## {k}\n{v}" for k, v in r.sections.items())
    return {
        "id": r.code,
        "name": r.name,
        "shortDescription": {"text": r.summary},
        "fullDescription": {"text": r.sections["What it does"]},
        "help": {"text": r.sections["Use instead"], "markdown": help_md},
        "defaultConfiguration": {"level": LEVEL[r.severity.value]},
        "properties": {"tags": [r.family]},
    }


def render(result: CheckResult, rules: list[Rule]) -> str:
    by_code = {r.code: r for r in rules}
    used = sorted({f.code for f in result.findings})
    index = {code: i for i, code in enumerate(used)}
    results = []
    for f in result.findings:
        region = {"startLine": f.line, "startColumn": f.column}
        res: dict[str, object] = {
            "ruleId": f.code,
            "ruleIndex": index[f.code],
            "level": LEVEL[f.severity.value],
            "message": {"text": f.message},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": artifact_location(f.path),
                        "region": region,
                    }
                }
            ],
            "properties": {"confidence": f.confidence.value},
        }
        if f.cell is not None:
            res["properties"] = {"confidence": f.confidence.value, "cell": f.cell}
        results.append(res)
    notifications = []
    for n in result.notices:
        loc: dict[str, object] = {"artifactLocation": artifact_location(n.path)}
        if n.line:
            loc["region"] = {"startLine": n.line}
        notifications.append(
            {
                "level": "warning"
                if n.kind.value in ("malformed-notebook", "unreadable", "syntax-error")
                else "note",
                "message": {"text": f"{n.path}: {n.message}"},
                "descriptor": {"id": n.kind.value},
                "locations": [{"physicalLocation": loc}],
            }
        )
    log = {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "cosaudit",
                        "version": __version__,
                        "semanticVersion": __version__,
                        "rules": [_rule_descriptor(by_code[c]) for c in used],
                    }
                },
                "invocations": [
                    {"executionSuccessful": True, "toolExecutionNotifications": notifications}
                ],
                "results": results,
                "columnKind": "unicodeCodePoints",
            }
        ],
    }
    return json.dumps(log, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
