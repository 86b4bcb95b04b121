"""Reports a newcomer reads (issue 14): the HTML keeps what the text says and colours every
cosine column; heads without names print each label once."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest
from ckptkit import run_cli

from cosaudit.report._common import label_with_id, label_with_row
from cosaudit.report.html import render_html
from cosaudit.report.inspect import render_markdown, render_text


class _Tables(HTMLParser):
    """Every table as rows of (text, attributes) cells."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[tuple[str, dict]]]] = []
        self._cell: tuple[list[str], dict] | None = None

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self._cell = ([], dict(attrs))

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell[0].append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1].append(("".join(self._cell[0]).strip(), self._cell[1]))
            self._cell = None


def _table_with(doc: str, header: str) -> list[list[tuple[str, dict]]]:
    parser = _Tables()
    parser.feed(doc)
    return next(t for t in parser.tables if any(c[0] == header for c in t[0]))


pytest.importorskip("matplotlib")


def test_every_cosine_column_of_the_equivalents_table_is_coloured(inspect_report: dict) -> None:
    table = _table_with(render_html(inspect_report), "−1 model")
    head = [c[0] for c in table[0]]
    assert head[:4] == ["pair", "measured", "−1 model", "+1 model"]
    for row in table[1:]:
        for col in (1, 2, 3):
            text, attrs = row[col]
            assert "cos" in attrs.get("class", ""), (head[col], text)
            assert attrs["style"].startswith("background: rgba(")
        assert row[2][0] == "-1.000" and "31, 90, 180" in row[2][1]["style"]  # blue: negative
        assert "num cos" not in row[4][1].get("class", "")  # max |Δp| is no cosine


def test_html_keeps_the_1_to_99_percent_ranges_of_the_text(inspect_report: dict) -> None:
    text = render_text(inspect_report)
    ranges = re.findall(r"1–99% \[[^\]]+\]", text)
    assert len(ranges) == 2
    for r in ranges:
        assert r in render_markdown(inspect_report)
        assert r in render_html(inspect_report)


def test_labels_without_names_are_printed_once() -> None:
    assert label_with_id("#0", 0) == "#0" and label_with_id("dog", 78) == "dog #78"
    assert label_with_id("#1", 0) == "#1 #0"  # a real label that looks like a number keeps its id
    assert label_with_row("#3", 3) == "row 3" and label_with_row("dog", 78) == "'dog' (row 78)"


def test_commands_on_a_nameless_head_print_labels_once(tmp_path: Path) -> None:
    np.save(tmp_path / "m.npy", np.random.default_rng(0).normal(size=(12, 4)).astype(np.float32))
    m = str(tmp_path / "m.npy")
    runs = {
        "neighbours": ["neighbours", m, "--id", "0"],
        "flip": ["flip", m, "--ids", "0", "1"],
        "patterns": ["patterns", m, "--ids", "0", "1", "2"],
    }
    twice = re.compile(r"#(\d+),? #\1\b|'#\d+' \(row")
    for name, args in runs.items():
        for fmt in ("text", "md"):
            r = run_cli([*args, "--format", fmt])
            assert r.exit_code == 0, (name, r.stderr)
            assert not twice.search(r.stdout), (name, fmt, twice.search(r.stdout))
    assert "Neighbours of #0 —" in run_cli(runs["neighbours"]).stdout
    assert "The cosine of row 0 and row 1 is" in run_cli(runs["flip"]).stdout
    assert "Possible rankings of #0, #1, #2 —" in run_cli(runs["patterns"]).stdout


def test_neighbours_html_verdict_says_the_share_not_a_bare_overlap() -> None:
    demo = Path(__file__).resolve().parents[2] / "fixtures" / "demo-lm"
    r = run_cli(["neighbours", demo, "--label", "dog", "--format", "html"])
    assert r.exit_code == 0, r.stderr
    verdict = r.stdout.split('id="verdict">', 1)[1].split("</section>", 1)[0]
    assert "'dog' can share the top with 233 of the 236 other labels (98.7 %)" in verdict
    assert "tie-able neighbours found" not in verdict
    assert verdict.index("Which labels are like") < verdict.index("233 of the 236")
