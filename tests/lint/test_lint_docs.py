"""Docs drift: docs/rules.md comes from the rule docstrings; rules and options are documented."""

from __future__ import annotations

from pathlib import Path

import pytest

from cosaudit.cli.check import check
from cosaudit.lint.model import Severity
from cosaudit.lint.registry import SECTIONS, RuleDefinitionError, all_rules, parse_doc, rule
from cosaudit.report.lint.rules import render_markdown

REPO = Path(__file__).resolve().parents[2]


def test_rules_md_is_up_to_date() -> None:
    current = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    assert current == render_markdown(all_rules()), (
        "docs/rules.md is stale: run `cosaudit rules --format md --output docs/rules.md "
        "--force`"
    )


def test_every_rule_has_the_fixed_sections_and_a_kebab_name() -> None:
    for r in all_rules():
        assert tuple(r.sections) == SECTIONS
        assert r.name == r.name.lower() and "-" in r.name
        assert r.summary.endswith(".")


def test_check_md_documents_every_rule_and_option() -> None:
    text = (REPO / "docs" / "check.md").read_text(encoding="utf-8")
    for r in all_rules():
        assert r.code in text, r.code
    for p in check.params:
        for opt in getattr(p, "opts", []):
            if opt.startswith("--"):
                assert opt in text, opt
    for needle in (
        "pre-commit",
        "actions/checkout",
        "upload-sarif",
        "[tool.cosaudit.check]",
        "Exit codes",
    ):
        assert needle in text


def test_pre_commit_hook_points_at_check() -> None:
    text = (REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    assert "id: cosaudit-check" in text and "entry: cosaudit check" in text


def test_bad_docstrings_are_rejected() -> None:
    with pytest.raises(RuleDefinitionError, match="sections"):
        parse_doc("COS199", "Summary.\n\n## What it does\nx\n")
    with pytest.raises(RuleDefinitionError, match="kebab"):
        rule("COS198", "Bad_Name", Severity.INFO, "code")(lambda ctx: [])
    with pytest.raises(RuleDefinitionError, match="twice"):
        rule("COS101", "label-representation-cosine", Severity.INFO, "code")(lambda ctx: [])


def test_rules_doc_refers_to_nothing_outside_the_repository() -> None:
    import re

    repo = Path(__file__).resolve().parents[2]
    text = (repo / "docs" / "rules.md").read_text(encoding="utf-8")
    named = set(re.findall(r"[\w./-]+\.md\b", text))
    assert named and all((repo / n).is_file() or (repo / "docs" / n).is_file() for n in named), named
    assert not re.search(r"design\.md|style\.md|check-signals|/work/|papers/", text)
