"""HTML and Markdown-with-figures renderers (pure), and the shared CLI dispatch that writes them."""

from __future__ import annotations

import base64
import os
import re
import struct
import sys
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote

import pytest
from click.testing import CliRunner

from cosaudit.audit.reports import PaperReport
from cosaudit.cli import _render
from cosaudit.cli._app import cli
from cosaudit.cli._options import OutputSpec
from cosaudit.report import html as H
from cosaudit.report.markdown_figures import render_markdown_with_figures
from cosaudit.report.report_figures import report_figures

pytest.importorskip("matplotlib")
DEMO = str(Path(__file__).resolve().parents[2] / "fixtures" / "demo-lm")


class Page(HTMLParser):
    """The parts of a page the tests look at."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.stack: list[str] = []
        self.sections: dict[str, str] = {}
        self._section: str | None = None

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag == "section":
            self._section = dict(attrs).get("id")
            self.sections.setdefault(self._section or "", "")

    def handle_endtag(self, tag):
        if tag == "section":
            self._section = None

    def handle_data(self, data):
        self.text.append(data)
        if self._section is not None:
            self.sections[self._section] += data

    def all(self, tag):
        return [a for t, a in self.tags if t == tag]


def parse(doc: str) -> Page:
    p = Page()
    p.feed(doc)
    return p


def _png_size(data: bytes) -> tuple[int, int]:
    return struct.unpack(">II", data[16:24])


@pytest.fixture(scope="module")
def inspect_html(inspect_report) -> str:
    return H.render_html(inspect_report)


# ----------------------------------------------------------------------------- the page


def test_inspect_html_is_self_contained(inspect_report, inspect_html):
    doc = inspect_html
    page = parse(doc)
    assert doc.startswith("<!DOCTYPE html>")
    assert page.all("script") == [] and page.all("link") == [] and page.all("iframe") == []
    csp = [a for a in page.all("meta") if a.get("http-equiv") == "Content-Security-Policy"]
    assert (
        len(csp) == 1
        and "default-src 'none'" in csp[0]["content"]
        and "script-src" not in csp[0]["content"]
    )
    imgs = page.all("img")
    assert len(imgs) == len(report_figures(inspect_report)) == 2
    for img in imgs:
        assert img["src"].startswith("data:image/png;base64,")
        png = base64.b64decode(img["src"].split(",", 1)[1], validate=True)
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert _png_size(png) == (int(img["width"]), int(img["height"]))
        assert img["alt"]
    # nothing refers outside the file
    for tag, attrs in page.tags:
        for k in ("src", "href", "action", "srcset"):
            v = attrs.get(k)
            assert v is None or v.startswith("data:"), (tag, k, v)
    assert "@media print" in doc and "break-inside: avoid" in doc


def test_verdict_in_words_comes_first(inspect_report, inspect_html):
    page = parse(inspect_html)
    sections = page.all("section")
    assert sections[0] == {"class": "verdict bad", "id": "verdict"}
    headline = inspect_report.data["verdict"]["headline"]
    assert headline in page.sections["verdict"]
    doc = inspect_html
    assert doc.index('id="verdict"') < doc.index("<table") < doc.index('id="figures"')
    assert page.all("title") and "cosaudit inspect" in "".join(page.text)


def test_cosine_cells_coloured_only_in_cosine_columns(inspect_html):
    doc = inspect_html
    tables = re.findall(r"<table>.*?</table>", doc, flags=re.S)
    raw = [t for t in tables if ">+1.000<" in t][0]
    assert raw.count('class="num cos"') == 16  # a 4 × 4 cosine matrix
    dot = tables[[i for i, t in enumerate(tables) if "cos" not in t and "1.885" in t][0]]
    assert 'class="num cos"' not in dot  # dot products are not cosines
    assert 'style="background: rgba(214, 39, 40, 0.7)"' in raw  # +1.000: full red


def test_flip_html(flip_report):
    doc = H.render_html(flip_report)
    page = parse(doc)
    assert "not a property of the model" in page.sections["verdict"]
    assert 'class="verdict bad"' in doc
    assert len(page.all("img")) == 2
    assert [f["id"] for f in page.all("figure")] == ["fig-cosine-heatmaps", "fig-verification"]


def test_labels_are_escaped(inspect_report):
    data = dict(inspect_report.data)
    data["labels"] = [dict(lab) for lab in inspect_report.data["labels"]]
    data["labels"][0]["label"] = "<img src=x onerror=alert(1)>"
    evil = replace(inspect_report, data=data)
    doc = H.render_html(evil, figures=[], pngs=[])
    assert "<img src=x" not in doc and "&lt;img src=x onerror=alert(1)&gt;" in doc


def test_markdown_subset():
    md = "\n".join(
        [
            "# Title `a<b>`",
            "",
            "**Bold.** lm_head.weight and _italic_ and `x_y`",
            "",
            "| a | b \\| c | cos |",
            "| --- | --- | --- |",
            "| 1 | x | +0.500 |",
            "| 2 | y | -1.000 |",
            "",
            "- one",
            "- two",
            "",
            "> warning: careful",
            "",
            "## Next",
        ]
    )
    blocks = H.markdown_blocks(md)
    assert [k for k, _ in blocks] == ["h1", "p", "table", "ul", "quote", "h2"]
    assert blocks[0][1] == "<h1>Title <code>a&lt;b&gt;</code></h1>"
    assert blocks[1][1] == (
        "<p><strong>Bold.</strong> lm_head.weight and <em>italic</em> and <code>x_y</code></p>"
    )
    table = blocks[2][1]
    assert "<th>b | c</th>" in table
    assert table.count('class="num cos"') == 2 and "rgba(31, 90, 180, 0.7)" in table


def test_cosine_background_scale():
    assert H.cosine_background(0.0).endswith(", 0.0)")
    assert H.cosine_background(1.0) == "background: rgba(214, 39, 40, 0.7)"
    assert H.cosine_background(-2.0) == H.cosine_background(-1.0)


def test_figure_count_must_match():
    with pytest.raises(ValueError):
        H.render_html(PaperReport({"schema": "cosaudit.paper/1"}), markdown="# x", figures=[], pngs=[b"x"])


# ----------------------------------------------------------------------------- Markdown + PNGs


def test_markdown_with_figures(flip_report):
    text, files = render_markdown_with_figures(flip_report, "flip")
    assert sorted(files) == [
        "flip_files/fig1-cosine-heatmaps.png",
        "flip_files/fig2-verification.png",
    ]
    links = [unquote(x) for x in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text)]
    assert links == sorted(files)
    assert text.startswith(flip_report.to_markdown().rstrip("\n"))
    assert all(v[:8] == b"\x89PNG\r\n\x1a\n" for v in files.values())


def test_markdown_with_figures_quotes_spaces_and_checks_stem(inspect_report):
    text, files = render_markdown_with_figures(inspect_report, "my audit")
    assert "](my%20audit_files/fig1-cosine-heatmaps.png)" in text
    assert "my audit_files/fig1-cosine-heatmaps.png" in files
    with pytest.raises(ValueError):
        render_markdown_with_figures(inspect_report, "../x")


# ----------------------------------------------------------------------------- the commands


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_inspect_html_output(tmp_path):
    out = tmp_path / "audit.html"
    r = invoke(
        "inspect", DEMO, "--labels", "dog", "cat", "horse", "--format", "html", "--output", str(out)
    )
    assert r.exit_code == 0, r.stderr
    assert r.stdout == ""
    page = parse(out.read_text())
    assert len(page.all("img")) == 2 and page.all("script") == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["audit.html"]


def test_flip_md_output_writes_pngs_beside(tmp_path):
    out = tmp_path / "flip.md"
    r = invoke(
        "flip",
        DEMO,
        "--labels",
        "dog",
        "cat",
        "--probes",
        "64",
        "--format",
        "md",
        "--output",
        str(out),
    )
    assert r.exit_code == 0, r.stderr
    text = out.read_text()
    for link in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text):
        assert (tmp_path / unquote(link)).read_bytes()[:4] == b"\x89PNG"
    assert sorted(p.name for p in (tmp_path / "flip_files").iterdir()) == [
        "fig1-cosine-heatmaps.png",
        "fig2-verification.png",
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["flip.md", "flip_files"]


def test_md_to_stdout_keeps_plain_markdown(inspect_report):
    r = invoke("inspect", DEMO, "--labels", "dog", "cat", "--format", "md")
    assert r.exit_code == 0, r.stderr
    assert "## Figures" not in r.stdout and "![" not in r.stdout
    assert r.stdout.startswith("# cosaudit inspect")


@pytest.mark.parametrize(
    "cmd",
    [
        ["inspect", DEMO, "--labels", "dog", "cat"],
        ["flip", DEMO, "--labels", "dog", "cat", "--probes", "16"],
    ],
)
def test_html_without_matplotlib(tmp_path, monkeypatch, cmd):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    out = tmp_path / "r.html"
    r = invoke(*cmd, "--format", "html", "--output", str(out))
    assert r.exit_code == 2
    assert r.stderr.count("\n") == 1 and "pip install 'cosaudit[plot]'" in r.stderr
    assert r.stdout == "" and list(tmp_path.iterdir()) == []


def test_html_existing_file_needs_force(tmp_path):
    out = tmp_path / "r.html"
    out.write_text("old")
    r = invoke("inspect", DEMO, "--labels", "dog", "cat", "--format", "html", "--output", str(out))
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "--force" in r.stderr
    assert out.read_text() == "old"
    r = invoke(
        "inspect",
        DEMO,
        "--labels",
        "dog",
        "cat",
        "--format",
        "html",
        "--output",
        str(out),
        "--force",
    )
    assert r.exit_code == 0, r.stderr
    assert out.read_text().startswith("<!DOCTYPE html>")


def test_md_existing_figures_folder_needs_force(tmp_path):
    (tmp_path / "flip_files").mkdir()
    (tmp_path / "flip_files" / "mine.txt").write_text("keep")
    r = invoke(
        "flip",
        DEMO,
        "--labels",
        "dog",
        "cat",
        "--probes",
        "16",
        "--format",
        "md",
        "--output",
        str(tmp_path / "flip.md"),
    )
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "flip_files" in r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["flip_files"]
    assert [p.name for p in (tmp_path / "flip_files").iterdir()] == ["mine.txt"]


def test_output_into_missing_folder(tmp_path):
    r = invoke(
        "inspect",
        DEMO,
        "--labels",
        "dog",
        "cat",
        "--format",
        "html",
        "--output",
        str(tmp_path / "missing" / "r.html"),
    )
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "does not exist" in r.stderr
    assert list(tmp_path.iterdir()) == []


def test_output_into_unwritable_folder(tmp_path, monkeypatch):
    import cosaudit.load.atomic as atomic

    locked = tmp_path / "locked"
    locked.mkdir()
    real = os.access
    monkeypatch.setattr(
        atomic.os, "access", lambda p, mode: False if Path(p) == locked else real(p, mode)
    )
    r = invoke(
        "flip", DEMO, "--labels", "dog", "cat", "--format", "md", "--output", str(locked / "f.md")
    )
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "not writable" in r.stderr
    assert list(locked.iterdir()) == []


def test_dispatch_walks_every_format(inspect_report, tmp_path, capsys):
    for fmt in ("text", "json", "md", "html"):
        out = tmp_path / f"r.{fmt}"
        _render.render_and_write(inspect_report, OutputSpec(fmt, out, False))
        assert out.stat().st_size > 0
    with pytest.raises(ValueError, match="'pdf' is not a valid ReportFormat"):
        _render.render_and_write(inspect_report, OutputSpec("pdf", None, False))


def test_md_output_without_matplotlib_leaves_figures_out(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    out = tmp_path / "flip.md"
    r = invoke(
        "flip",
        DEMO,
        "--labels",
        "dog",
        "cat",
        "--probes",
        "16",
        "--format",
        "md",
        "--output",
        str(out),
    )
    assert r.exit_code == 0, r.stderr
    assert "pip install 'cosaudit[plot]'" in r.stderr
    assert "## Figures" not in out.read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["flip.md"]


def test_neighbours_html_states_the_answer_first(neighbours_report):
    doc = H.render_html(
        neighbours_report,
        markdown="# Neighbours of dog #78\n\n*fixtures/demo-lm · softmax head*\n\n| # | raw cosine |\n"
        "| --- | --- |\n| 1 | small |\n",
    )
    page = parse(doc)
    verdict = page.sections["verdict"]
    assert "By raw cosine the nearest are small, owl, cat" in verdict
    assert "1 of these 3 are among the 3 tie-able neighbours found" in verdict
    assert "<em>fixtures/demo-lm · softmax head</em>" in doc
    assert len(page.all("img")) == 1


def test_neighbours_html_command(tmp_path):
    out = tmp_path / "nb.html"
    r = invoke("neighbours", DEMO, "--label", "dog", "--k", "4", "--format", "html", "-o", str(out))
    assert r.exit_code == 0, r.stderr
    page = parse(out.read_text())
    assert "tie-able" in page.sections["verdict"]
    assert [f["id"] for f in page.all("figure")] == ["fig-neighbours"]
