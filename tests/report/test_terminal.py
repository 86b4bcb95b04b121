"""Coloured cosine matrices in the terminal: flip shows before/after, coloured."""

from __future__ import annotations

import re

from cosaudit.report import flip as flip_render
from cosaudit.report._common import render_rich
from cosaudit.report.terminal import cosine_table


def test_cosine_table_colours_cells_and_marks_the_pair():
    t = cosine_table("m", ["a", "b"], [[1.0, -1.0], [-1.0, 1.0]], color=True, highlight=(0, 1))
    out = render_rich([t], color=True)
    assert "\x1b[" in out
    assert "48;2;60;100;230" in out  # −1: the strongest blue background, as inspect's tables
    assert "48;2;230;60;60" in out  # +1: the strongest red
    assert "\x1b[1;4" in out or ";1;4" in out or "\x1b[1m" in out  # the pair is bold/underlined
    plain = render_rich(
        [cosine_table("m", ["a", "b"], [[1.0, None], [None, 1.0]], color=False)], color=False
    )
    assert "\x1b[" not in plain and "n/a" in plain


def test_flip_text_shows_before_and_after_matrices(flip_report):
    out = flip_render.render_text(flip_report, color=False)
    for title in ("original (raw)", "original (centered)", "−1 model", "+1 model"):
        assert title in out
    names = list(flip_report.matrix_names)
    assert names[:2] == ["dog", "cat"] and len(names) > 2
    row = [ln for ln in out.splitlines() if re.match(r"^\s+dog\s+\+1\.00\s+-1\.00", ln)]
    assert row, "the −1 model's dog/cat cell must read -1.00"
    coloured = flip_render.render_text(flip_report, color=True)
    assert "48;2;60;100;230" in coloured
