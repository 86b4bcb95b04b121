"""`--format html`: one self-contained HTML file (data in, string out).

The content is the report's own Markdown (one source of content for every format), turned
into HTML by a small converter for the subset cosaudit's renderers write (headings,
paragraphs, pipe tables, lists, quotes, **bold**, _italic_, `code`), with:

- the verdict (the paragraphs right under the title) in a coloured box at the top;
- cosine cells of tables coloured on the same blue–red scale as the terminal and the figures;
- the figures embedded as base64 PNG data URIs (no file beside it, nothing fetched);
- inline CSS with a print stylesheet, and a Content-Security-Policy that forbids scripts and
  every network fetch, so the file behaves the same offline, in a mail client or in a browser.
"""

from __future__ import annotations

import base64
import html
import re
import struct
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cosaudit import __version__
from cosaudit.report.figures import to_png
from cosaudit.report.report_figures import ReportFigure, report_figures

if TYPE_CHECKING:
    from cosaudit.audit.reports import Report

CSP = (
    "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; "
    "form-action 'none'"
)

CSS = """
:root { --ink: #1d1f21; --muted: #5f6368; --rule: #d9dce0; --bad: #b3261e; --bad-bg: #fdecea;
        --good: #1e7d32; --good-bg: #e8f5e9; --neutral-bg: #eef2f7; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; color: var(--ink); background: #fff;
       font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; }
main { max-width: 1040px; margin: 0 auto; padding: 24px 28px 48px; }
h1 { font-size: 1.55rem; margin: 0 0 14px; }
h2 { font-size: 1.2rem; margin: 28px 0 10px; padding-bottom: 4px;
     border-bottom: 1px solid var(--rule); }
h3 { font-size: 1.05rem; margin: 20px 0 8px; }
p, ul, blockquote { margin: 0 0 10px; }
code { font: 0.9em/1.3 ui-monospace, "DejaVu Sans Mono", monospace; background: #f3f4f6;
       padding: 0 3px; border-radius: 3px; }
blockquote { border-left: 4px solid #e0a800; background: #fff8e1; padding: 6px 12px; }
.verdict { border-left: 6px solid var(--muted); background: var(--neutral-bg); padding: 12px 16px;
           border-radius: 4px; margin: 0 0 18px; }
.verdict.bad { border-color: var(--bad); background: var(--bad-bg); }
.verdict.good { border-color: var(--good); background: var(--good-bg); }
.verdict p:first-child strong:first-child { font-size: 1.08rem; }
.verdict.bad p:first-child strong:first-child { color: var(--bad); }
.verdict.good p:first-child strong:first-child { color: var(--good); }
.table-wrap { overflow-x: auto; margin: 0 0 12px; }
table { border-collapse: collapse; font-size: 0.9rem; }
th, td { border: 1px solid var(--rule); padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: #f6f7f9; font-weight: 600; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
figure { margin: 18px 0 26px; }
figure img { display: block; max-width: 100%; height: auto; border: 1px solid var(--rule); }
figcaption { color: var(--muted); font-size: 0.9rem; margin-top: 6px; }
footer { color: var(--muted); font-size: 0.8rem; margin-top: 36px;
         border-top: 1px solid var(--rule);
         padding-top: 8px; }
@media print {
  @page { margin: 14mm; }
  body { font-size: 10.5pt; }
  main { max-width: none; padding: 0; }
  h2 { break-after: avoid; }
  figure, .verdict, tr { break-inside: avoid; }
  .table-wrap { overflow: visible; }
  a { color: inherit; text-decoration: none; }
}
"""

_COSINE_CELL = re.compile(r"^[+\-−]\d\.\d{2,}$")
_NUMBER_CELL = re.compile(r"^[+\-−]?(\d[\d.,]*(e[+\-]?\d+)?|n/a|—)$", re.IGNORECASE)


# ----------------------------------------------------------------------------- inline Markdown


def _inline(text: str) -> str:
    """Escape HTML, then `code`, **bold**, _italic_ and [links](url) (http/https/relative only)."""
    codes: list[str] = []

    def keep_code(m: re.Match[str]) -> str:
        codes.append(f"<code>{html.escape(m.group(1))}</code>")
        return f"\x00{len(codes) - 1}\x00"

    text = re.sub(r"`([^`]+)`", keep_code, text)
    text = html.escape(text, quote=False)
    text = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", text)
    text = re.sub(r"(?<![\w*\\])\*(?=\S)(.+?)(?<=\S)\*(?![\w*])", r"<em>\1</em>", text)
    text = re.sub(r"(?<![\w\\])_(?=\S)(.+?)(?<=\S)_(?!\w)", r"<em>\1</em>", text)
    text = text.replace("\\|", "|")
    return re.sub(r"\x00(\d+)\x00", lambda m: codes[int(m.group(1))], text)


def cosine_background(x: float) -> str:
    """A CSS background for a cosine in [-1, 1]: blue negative, red positive (as the figures)."""
    x = max(-1.0, min(1.0, x))
    a = round(0.12 + 0.58 * abs(x), 3) if abs(x) >= 0.05 else 0.0
    rgb = "214, 39, 40" if x > 0 else "31, 90, 180"
    return f"background: rgba({rgb}, {a})"


def _is_cosine(raw: str) -> bool:
    return bool(_COSINE_CELL.match(raw)) and -1.0 <= float(raw.replace("−", "-")) <= 1.0


def _cosine_columns(rows: list[list[str]]) -> set[int]:
    """Columns whose every value is a signed cosine (as `fmt` writes them: +0.569) or n/a/—."""
    cols: set[int] = set()
    width = max((len(r) for r in rows), default=0)
    for c in range(width):
        cells = [r[c].strip() for r in rows if c < len(r)]
        values = [x for x in cells if x not in ("", "n/a", "—")]
        if values and all(_is_cosine(x) for x in values) and any(x.startswith("+") for x in values):
            cols.add(c)
    return cols


_COSINE_HEADER = re.compile(r"cos|measured|[−+-]1 model|target|τ", re.IGNORECASE)


def _cosine_named_columns(head: list[str], rows: list[list[str]]) -> set[int]:
    """Columns named as cosines ("measured", "−1 model", …) whose values are all cosines: coloured
    even when every value is negative (the −1 model's column holds only -1.000)."""
    cols: set[int] = set()
    for c, name in enumerate(head):
        values = [r[c].strip() for r in rows if c < len(r) and r[c].strip() not in ("", "n/a", "—")]
        if _COSINE_HEADER.search(name) and values and all(_is_cosine(x) for x in values):
            cols.add(c)
    return cols


def _cell(text: str, tag: str, *, cosine: bool = False) -> str:
    raw = text.strip()
    attrs = ""
    if tag == "td":
        if cosine and _is_cosine(raw):
            attrs = f' class="num cos" style="{cosine_background(float(raw.replace("−", "-")))}"'
        elif _NUMBER_CELL.match(raw):
            attrs = ' class="num"'
    return f"<{tag}{attrs}>{_inline(raw)}</{tag}>"


def _split_row(line: str) -> list[str]:
    body = line.strip()
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|") and not body.endswith("\\|"):
        body = body[:-1]
    return [c for c in re.split(r"(?<!\\)\|", body)]


def _table(lines: list[str]) -> str:
    head = _split_row(lines[0])
    rows = (
        [_split_row(ln) for ln in lines[2:]]
        if len(lines) > 1 and set(lines[1].replace("|", "").strip()) <= set("-: ")
        else [_split_row(ln) for ln in lines[1:]]
    )
    out = [
        '<div class="table-wrap"><table>',
        "<thead><tr>" + "".join(_cell(c, "th") for c in head) + "</tr></thead>",
        "<tbody>",
    ]
    cos_cols = _cosine_columns(rows) | _cosine_named_columns(head, rows)
    out += [
        "<tr>" + "".join(_cell(c, "td", cosine=k in cos_cols) for k, c in enumerate(row)) + "</tr>"
        for row in rows
    ]
    out.append("</tbody></table></div>")
    return "\n".join(out)


def markdown_blocks(md: str) -> list[tuple[str, str]]:
    """Split cosaudit's Markdown into (kind, html) blocks: h1/h2/h3, p, table, ul, quote, img."""
    blocks: list[tuple[str, str]] = []
    lines = md.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        s = line.strip()
        if not s:
            i += 1
            continue
        m = re.match(r"^(#{1,3}) (.*)$", s)
        if m:
            level = len(m.group(1))
            blocks.append((f"h{level}", f"<h{level}>{_inline(m.group(2))}</h{level}>"))
            i += 1
            continue
        if s.startswith("|"):
            j = i
            while j < len(lines) and lines[j].strip().startswith("|"):
                j += 1
            blocks.append(("table", _table([ln.strip() for ln in lines[i:j]])))
            i = j
            continue
        if s.startswith(("- ", "* ")):
            items = []
            while i < len(lines) and lines[i].strip().startswith(("- ", "* ")):
                items.append(f"<li>{_inline(lines[i].strip()[2:])}</li>")
                i += 1
            blocks.append(("ul", "<ul>" + "".join(items) + "</ul>"))
            continue
        if s.startswith(">"):
            quoted = []
            while i < len(lines) and lines[i].strip().startswith(">"):
                quoted.append(lines[i].strip()[1:].strip())
                i += 1
            blocks.append(("quote", f"<blockquote>{_inline(' '.join(quoted))}</blockquote>"))
            continue
        para = []
        while (
            i < len(lines)
            and lines[i].strip()
            and not re.match(r"^(#{1,3} |\||- |\* |>)", lines[i].strip())
        ):
            para.append(lines[i].strip())
            i += 1
        blocks.append(("p", f"<p>{_inline(' '.join(para))}</p>"))
    return blocks


# ----------------------------------------------------------------------------- the page


def _png_size(data: bytes) -> tuple[int, int]:
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG image")
    w, h = struct.unpack(">II", data[16:24])
    return int(w), int(h)


def figure_html(n: int, fig: ReportFigure, png: bytes, *, dpi_scale: float = 1.0) -> str:
    """One <figure> with the PNG as a data URI (its natural size, scaled down by CSS to fit)."""
    w, h = _png_size(png)
    uri = "data:image/png;base64," + base64.b64encode(png).decode("ascii")
    cap = html.escape(fig.caption)
    return (
        f'<figure id="fig-{html.escape(fig.key)}"><img src="{uri}" alt="{cap}" '
        f'width="{round(w * dpi_scale)}" height="{round(h * dpi_scale)}">'
        f"<figcaption>Figure {n}. {cap}</figcaption></figure>"
    )


def _verdict_class(report: Mapping[str, Any]) -> str:
    ident = report.get("identifiable")
    if ident is None and isinstance(report.get("verdict"), dict):
        ident = report["verdict"].get("identifiable")
    if (
        ident is None
        and str(report.get("schema", "")).startswith("cosaudit.flip/")
        and report.get("models")
    ):
        ident = False  # a verified flip is the demonstration that the cosine is not identifiable
    if ident is None and isinstance(report.get("agree"), bool):
        ident = report["agree"]
    return "bad" if ident is False else ("good" if ident else "neutral")


def render_html(
    report: Report,
    *,
    markdown: str | None = None,
    figures: Sequence[ReportFigure] | None = None,
    pngs: Sequence[bytes] | None = None,
) -> str:
    """The whole report as one HTML document.

    `markdown` defaults to the report's own Markdown renderer, `figures` to
    `report_figures(report)` (needs matplotlib), `pngs` to their PNG renderings.
    """
    renderer = report.renderer()
    data: Mapping[str, Any] = getattr(report, "data", {})
    md = markdown if markdown is not None else renderer.markdown(report)
    figs = list(figures) if figures is not None else report_figures(report)
    images = list(pngs) if pngs is not None else [to_png(f.figure) for f in figs]
    if len(images) != len(figs):
        raise ValueError(f"{len(figs)} figures but {len(images)} images")
    blocks = markdown_blocks(md)
    title = "cosaudit report"
    body: list[str] = []
    k = 0
    if blocks and blocks[0][0] == "h1":
        title = re.sub(r"<[^>]+>", "", blocks[0][1])
        body.append(blocks[0][1])
        k = 1
    lead = renderer.lead(report) if renderer.lead is not None else None
    verdict = [f"<p>{_inline(lead)}</p>"] if lead else []
    while k < len(blocks) and blocks[k][0] in ("p", "quote"):
        verdict.append(blocks[k][1])
        k += 1
    if verdict:
        body.append(
            f'<section class="verdict {_verdict_class(data)}" id="verdict">'
            + "\n".join(verdict)
            + "</section>"
        )
    body += [b for _, b in blocks[k:]]
    if figs:
        body.append('<section id="figures"><h2>Figures</h2>')
        body += [
            figure_html(n, f, png)
            for n, (f, png) in enumerate(zip(figs, images, strict=True), start=1)
        ]
        body.append("</section>")
    schema = html.escape(report.schema)
    version = html.escape(str(data.get("cosaudit_version", __version__)))
    body.append(
        f"<footer>cosaudit {version} · {schema} · a self-contained report: no scripts, nothing "
        "fetched over the network.</footer>"
    )
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            f'<meta http-equiv="Content-Security-Policy" content="{CSP}">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            '<meta name="color-scheme" content="light">',
            f"<title>{html.escape(title)}</title>",
            f"<style>{CSS}</style>",
            "</head>",
            "<body><main>",
            *body,
            "</main></body>",
            "</html>",
            "",
        ]
    )
