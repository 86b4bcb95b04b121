"""JSON report, schema `cosaudit.check/1`: stable, sorted keys."""

from __future__ import annotations

import json

from cosaudit.lint.model import CheckResult
from cosaudit.lint.registry import Rule


def render(result: CheckResult, rules: list[Rule]) -> str:
    names = {r.code: r.name for r in rules}
    data = {
        "schema": "cosaudit.check/1",
        "fail_on": result.fail_on.value,
        "findings": [
            {
                "code": f.code,
                "name": names.get(f.code, ""),
                "severity": f.severity.value,
                "confidence": f.confidence.value,
                "path": f.path,
                "line": f.line,
                "column": f.column,
                "cell": f.cell,
                "message": f.message,
            }
            for f in result.findings
        ],
        "notices": [
            {
                "path": n.path,
                "kind": n.kind.value,
                "message": n.message,
                "line": n.line,
                "cell": n.cell,
            }
            for n in result.notices
        ],
        "summary": {
            "files_scanned": result.files_scanned,
            "files_skipped": sum(1 for n in result.notices if n.skipped),
            "findings": len(result.findings),
            "by_severity": result.counts(),
            "failing": len(result.failing()),
        },
        "selected": list(result.selected),
    }
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
