"""Suppression semantics beyond the corpus: scopes, real comments only, cell tags, file level."""

from __future__ import annotations

import json
from pathlib import Path

from cosaudit.lint.engine import check_paths, check_text
from cosaudit.lint.model import CheckResult, Finding, Severity
from cosaudit.lint.registry import all_rules
from cosaudit.report.lint import OutputFormat, render

SRC = "import torch.nn.functional as F\nW = model.lm_head.weight\n"


def codes(findings: list[Finding]) -> list[tuple[int, str]]:
    return sorted((f.line, f.code) for f in findings)


def test_trailing_comment_covers_its_line_only() -> None:
    text = SRC + (
        "a = F.cosine_similarity(W[1], W[2], dim=0)  # cosaudit: ignore[COS101] -- figure 2\n"
        "b = F.cosine_similarity(W[3], W[4], dim=0)\n"
    )
    assert "COS101" not in {c for line, c in codes(check_text(text)) if line == 3}
    assert (4, "COS101") in codes(check_text(text))


def test_standalone_comment_covers_the_next_non_blank_line() -> None:
    text = (
        SRC
        + "# cosaudit: ignore[COS101] -- figure 2\n\nb = F.cosine_similarity(W[3], W[4], dim=0)\n"
        "c = F.cosine_similarity(W[5], W[6], dim=0)\n"
    )
    found = codes(check_text(text))
    assert (5, "COS101") not in found and (6, "COS101") in found


def test_file_level_suppression() -> None:
    text = (
        SRC + "a = F.cosine_similarity(W[1], W[2], dim=0)\n# cosaudit: ignore-file[COS101] -- demo "
        "file\n"
    )
    assert codes(check_text(text)) == []  # COS301 is not raised for suppressed findings either


def test_syntax_in_strings_and_code_spans_is_not_a_suppression() -> None:
    text = SRC + (
        '"""Write `# cosaudit: ignore[COS101] reason` to suppress."""\n'
        "s = '# cosaudit: ignore[COS101] not a comment'\n"
    )
    assert codes(check_text(text)) == []  # no COS302/COS303 for examples of the syntax
    md = (
        "Use `<!-- cosaudit: ignore[COS201] reason -->` in Markdown.\n\n"
        "```text\n# cosaudit: ignore[COS101]\n```\n"
    )
    assert check_text(md, "doc.md") == []


def test_disabled_codes_are_not_reported_unused() -> None:
    text = SRC + "x = 1  # cosaudit: ignore[COS140] -- kept for the cross-model cell\n"
    assert codes(check_text(text)) == [(3, "COS303")]
    on = {r.code for r in all_rules()} - {"COS140"}
    assert codes(check_text(text, enabled=on)) == []


def test_cell_tag_with_unknown_code(tmp_path: Path) -> None:
    nb = {
        "cells": [
            {
                "cell_type": "code",
                "metadata": {"tags": ["cosaudit-ignore[COS101,COS9]"]},
                "outputs": [],
                "source": SRC + "a = F.cosine_similarity(W[1], W[2], dim=0)\n",
            }
        ],
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    p = tmp_path / "t.ipynb"
    p.write_text(json.dumps(nb))
    found = check_paths([str(p)], cwd=tmp_path).findings
    assert [(f.cell, f.line, f.code) for f in found] == [(1, 1, "COS304")]


def test_rich_text_only_when_asked() -> None:
    result = CheckResult(findings=[Finding("COS101", Severity.ERROR, "a.py", 3, 5, "msg")])
    plain = render(result, all_rules(), OutputFormat.TEXT)
    coloured = render(result, all_rules(), OutputFormat.TEXT, color=True)
    assert plain == "a.py:3:5: COS101 [error] msg\n"
    assert "\x1b[" in coloured and "msg" in coloured
