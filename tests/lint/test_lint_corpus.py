"""The corpus: every marker is a finding and every finding is a marker (one generic test)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from lint_markers import CORPUS, FORMAT_DIRS, corpus_files, expected, strip_markers

from cosaudit.lint.engine import check_paths
from cosaudit.lint.registry import all_rules

FILES = corpus_files()


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_markers_equal_findings(path: Path) -> None:
    result = check_paths([str(path)])
    got = Counter((f.cell, f.line, f.code) for f in result.findings)
    want = expected(path)
    missing = sorted(want - got, key=str)
    extra = sorted(got - want, key=str)
    assert not missing and not extra, f"missing {missing}, unexpected {extra}"


def test_every_rule_has_positive_examples_in_every_format() -> None:
    for folder in FORMAT_DIRS:
        marked: set[str] = set()
        for path in (CORPUS / folder).iterdir():
            marked |= {code for (_, _, code) in expected(path)}
        missing = {r.code for r in all_rules()} - marked
        assert not missing, f"{folder}: no positive example for {sorted(missing)}"


def test_markers_neither_trigger_nor_suppress(tmp_path: Path) -> None:
    for path in FILES:
        copy = tmp_path / path.parent.name / path.name
        copy.parent.mkdir(exist_ok=True)
        copy.write_text(strip_markers(path.read_text(encoding="utf-8")), encoding="utf-8")
        assert "expect:" not in copy.read_text(encoding="utf-8")
        a = sorted((f.cell, f.line, f.column, f.code) for f in check_paths([str(path)]).findings)
        b = sorted((f.cell, f.line, f.column, f.code) for f in check_paths([str(copy)]).findings)
        assert a == b, path


def test_a_file_of_markers_alone_has_no_findings(tmp_path: Path) -> None:
    p = tmp_path / "only_markers.md"
    p.write_text("# expect: COS101\n<!-- expect: COS201 -->\n% expect: COS203\n", encoding="utf-8")
    assert check_paths([str(p)]).findings == []
