"""Suppressions that name codes, with a reason.

- code / notebook code:  `x = ...  # cosaudit: ignore[COS101] -- reason`
- Markdown:              `<!-- cosaudit: ignore[COS201] reason -->`
- LaTeX:                 `% cosaudit: ignore[COS201] reason`
- reStructuredText:      `.. cosaudit: ignore[COS201] reason`
- whole file:            `cosaudit: ignore-file[COS301] reason` in any of these comment forms
- notebook cell:         the cell tag `cosaudit-ignore[COS101]` (or `…[COS101,COS103]`)

A trailing comment covers its own line; a comment alone on its line covers the next non-blank
line as well (so an HTML comment can sit above a paragraph). There is no blanket form.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from cosaudit.lint.formats.interface import Document
from cosaudit.lint.model import Finding

_COMMENT = re.compile(
    r"(?P<lead>#|<!--|%|\.\.)\s*cosaudit:\s*(?P<kind>ignore-file|ignore)\s*\[(?P<codes>[^\]]*)\](?P<reason>.*)$"
)
_TAG = re.compile(r"^cosaudit-ignore\[(?P<codes>[^\]]*)\]$")
_CODE = re.compile(r"^COS\d{3}$")


@dataclass
class Suppression:
    codes: list[str]  # known codes
    unknown: list[str]
    line: int
    column: int
    cell: int | None
    reason: str
    scope: str  # "line" | "next" | "file" | "cell"
    target_line: int | None = None
    from_tag: bool = False
    used: set[str] = field(default_factory=set)
    enabled: set[str] = field(default_factory=set)

    @property
    def unused(self) -> list[str]:
        return [c for c in self.codes if c in self.enabled and c not in self.used]

    def covers(self, f: Finding) -> bool:
        if f.code not in self.codes:
            return False
        if self.scope == "file":
            return True
        if f.cell != self.cell:
            return False
        if self.scope == "cell":
            return True
        return f.line == self.line or (self.scope == "next" and f.line == self.target_line)


def _split_codes(raw: str, known: set[str]) -> tuple[list[str], list[str]]:
    codes: list[str] = []
    unknown: list[str] = []
    for part in re.split(r"[,\s]+", raw.strip()):
        if not part:
            continue
        up = part.upper()
        (codes if up in known else unknown).append(up if _CODE.match(up) and up in known else part)
    return codes, unknown


def _real_comment(
    m: re.Match[str],
    text: str,
    key: tuple[int, int | None],
    code_lines: set[tuple[int, int | None]],
    comment_lines: set[tuple[int, int | None]],
) -> bool:
    """Whether the match is a real comment: a `#` comment token in analysed code; elsewhere a
    non-`#` comment that is not inside an inline code span."""
    if key in code_lines:
        return m.group("lead") == "#" and key in comment_lines
    return not (m.group("lead") == "#" or text[: m.start()].count("`") % 2 == 1)


def _next_line(lines: list[tuple[str, int, int | None]], idx: int, cell: int | None) -> int | None:
    """The next non-blank line after `lines[idx]` in the same cell, if any."""
    for later_text, later_line, later_cell in lines[idx + 1 :]:
        if later_cell != cell:
            break
        if later_text.strip():
            return later_line
    return None


def _tag_suppressions(doc: Document, known: set[str]) -> list[Suppression]:
    """Suppressions given as notebook cell tags."""
    out = []
    for cell, tags in sorted(doc.cell_tags.items()):
        for tag in tags:
            t = _TAG.match(tag.strip())
            if t:
                codes, unknown = _split_codes(t.group("codes"), known)
                out.append(
                    Suppression(codes, unknown, 1, 1, cell, "cell tag", "cell", from_tag=True)
                )
    return out


def parse_suppressions(
    doc: Document,
    known: set[str],
    code_lines: set[tuple[int, int | None]] | None = None,
    comment_lines: set[tuple[int, int | None]] | None = None,
) -> list[Suppression]:
    """All suppression comments and cell tags of a document.

    Only real comments count: in analysed code, a `#` comment token (`comment_lines`); in prose,
    an HTML / LaTeX / reST comment that is not inside an inline code span; nothing in logs,
    shell blocks or verbatim text (`doc.opaque`). Examples of the syntax in docs stay examples.
    """
    out: list[Suppression] = []
    lines = doc.raw_lines
    code_lines = code_lines or set()
    comment_lines = comment_lines or set()
    for idx, (text, line, cell) in enumerate(lines):
        if "cosaudit" not in text:
            continue
        m = _COMMENT.search(text)
        if not m:
            continue
        key = (line, cell)
        if key in doc.opaque or not _real_comment(m, text, key, code_lines, comment_lines):
            continue
        codes, unknown = _split_codes(m.group("codes"), known)
        reason = m.group("reason").replace("-->", "").strip().lstrip("-—–:").strip()
        standalone = not text[: m.start()].strip()
        scope = "file" if m.group("kind") == "ignore-file" else ("next" if standalone else "line")
        target = _next_line(lines, idx, cell) if scope == "next" else None
        out.append(Suppression(codes, unknown, line, m.start() + 1, cell, reason, scope, target))
    return out + _tag_suppressions(doc, known)

def apply_suppressions(findings: list[Finding], sups: list[Suppression]) -> list[Finding]:
    """Findings not covered by a suppression; marks the codes each suppression used."""
    kept = []
    for f in findings:
        hit = False
        for s in sups:
            if s.covers(f):
                s.used.add(f.code)
                hit = True
        if not hit:
            kept.append(f)
    return kept
