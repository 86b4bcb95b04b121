"""`--add-suppressions REASON`: the text of a file with a suppression written at each finding.

Each finding gets the format's own comment on its line — `# cosaudit: ignore[CODE] REASON` in
code, `<!-- … -->` in Markdown and notebook markdown cells, `% …` in LaTeX — merged into a
suppression already on that line. Where a line comment cannot go (inside a multi-line string, after
a line continuation, in a display-math block, anywhere in reStructuredText prose) one
`ignore-file[…]` comment goes at the top of the file (after a shebang,
an encoding line or YAML front matter; in a notebook, atop its first code cell). Findings about
suppressions themselves (COS302–COS304) are left for a person, and COS301 (a file with findings
but no caveat) needs none: it goes away with the findings it is about. Pure: text in, text out.
"""

from __future__ import annotations

import io
import json
import re
import tokenize
from collections import defaultdict
from pathlib import Path
from typing import Any

from cosaudit.lint.formats import reader_for
from cosaudit.lint.formats.interface import CodeCell, Document, DocumentKind
from cosaudit.lint.model import Finding

META = frozenset({"COS301", "COS302", "COS303", "COS304"})
_EXISTING = re.compile(r"(cosaudit:\s*ignore\s*\[)([^\]]*)(\])")
_PROSE_LEAD = {DocumentKind.MARKDOWN: "<!--", DocumentKind.NOTEBOOK: "<!--", DocumentKind.LATEX: "%"}
Where = tuple[int, "int | None"]  # (line, cell)


def comment(lead: str, kind: str, codes: list[str], reason: str) -> str:
    body = f"cosaudit: {kind}[{','.join(codes)}] {reason}".rstrip()
    return f"<!-- {body} -->" if lead == "<!--" else f"{lead} {body}"


def annotate(line: str, codes: list[str], reason: str, lead: str) -> str:
    """`line` (with its line ending) carrying a suppression of `codes`."""
    body = line.rstrip("\r\n")
    ending = line[len(body) :]
    m = _EXISTING.search(body)
    if m and "ignore-file" not in body[: m.start() + 20]:
        have = [c.strip() for c in m.group(2).split(",") if c.strip()]
        merged = ",".join(have + [c for c in codes if c not in have])
        return body[: m.start(2)] + merged + body[m.end(2) :] + ending
    gap = "  " if lead == "#" else " "
    return body + gap + comment(lead, "ignore", codes, reason) + ending


def _unsafe_lines(cell: CodeCell) -> set[Where]:
    """Lines of a code cell where a trailing `#` comment would not be a comment: inside a
    multi-line string, or ending in a backslash continuation (every line if it cannot be
    tokenized)."""
    lines = cell.text.split("\n")
    out = {cell.origins[i] for i, t in enumerate(lines[: len(cell.origins)]) if t.rstrip().endswith("\\")}
    try:
        for tok in tokenize.generate_tokens(io.StringIO(cell.text).readline):
            for ln in range(tok.start[0], tok.end[0]):  # every line the token continues past
                if 0 < ln <= len(cell.origins):
                    out.add(cell.origins[ln - 1])
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return set(cell.origins)
    return out


def _plan(doc: Document, findings: list[Finding]) -> tuple[dict[Where, list[str]], list[str], set[Where]]:
    """(codes to suppress per line, codes to suppress for the whole file, code lines)."""
    code_lines = {o for c in doc.code for o in c.origins}
    unsafe = set().union(*(_unsafe_lines(c) for c in doc.code)) if doc.code else set()
    math = {(ln, cell) for p in doc.prose if p.math for _, ln, cell in p.lines}
    per_line: dict[Where, list[str]] = defaultdict(list)
    whole: list[str] = []
    for f in findings:
        where = (f.line, f.cell)
        if f.code in META:
            continue
        in_code = where in code_lines
        no_line_comment = (
            (in_code and where in unsafe)
            or (not in_code and (doc.kind is DocumentKind.RST or where in math))
        )
        target = whole if no_line_comment else per_line[where]
        if f.code not in target:
            target.append(f.code)
    return dict(per_line), sorted(whole), code_lines


def with_suppressions(path: Path, text: str, findings: list[Finding], reason: str) -> str:
    """The text of `path` with suppressions of `findings` (those of this one file) added."""
    reader = reader_for(path)
    if reader is None:
        return text
    doc = reader.read(str(path), text)
    per_line, whole, code_lines = _plan(doc, findings)
    if not per_line and not whole:
        return text
    if doc.kind is DocumentKind.NOTEBOOK:
        return _notebook(text, per_line, whole, code_lines, reason)
    lines = text.splitlines(keepends=True)
    for (line, _), codes in per_line.items():
        lead = "#" if (line, None) in code_lines else _PROSE_LEAD.get(doc.kind, "#")
        lines[line - 1] = annotate(lines[line - 1], sorted(codes), reason, lead)
    if whole:
        _insert_file_comment(lines, doc.kind, whole, reason)
    return "".join(lines)


def _insert_file_comment(lines: list[str], kind: DocumentKind, codes: list[str], reason: str) -> None:
    lead = {DocumentKind.MARKDOWN: "<!--", DocumentKind.LATEX: "%", DocumentKind.RST: ".."}.get(kind, "#")
    newline = "\r\n" if lines and lines[0].endswith("\r\n") else "\n"
    text = comment(lead, "ignore-file", codes, reason) + newline + (newline if lead == ".." else "")
    at = 0
    if kind is DocumentKind.PYTHON:
        while at < min(2, len(lines)) and (
            lines[at].startswith("#!") or re.match(r"^#.*coding[:=]", lines[at])
        ):
            at += 1
    elif kind is DocumentKind.MARKDOWN and lines and lines[0].strip() == "---":
        end = next((i for i in range(1, len(lines)) if lines[i].strip() in ("---", "...")), None)
        at = 0 if end is None else end + 1
    lines.insert(at, text)


def _notebook(
    text: str, per_line: dict[Where, list[str]], whole: list[str], code_lines: set[Where], reason: str
) -> str:
    nb: dict[str, Any] = json.loads(text)
    cells = nb["cells"]
    sources = {i: _source_lines(c) for i, c in enumerate(cells, start=1)}
    for (line, cell), codes in per_line.items():
        if cell is None or cell not in sources or line > len(sources[cell]):
            continue
        lead = "#" if (line, cell) in code_lines else "<!--"
        sources[cell][line - 1] = annotate(sources[cell][line - 1], sorted(codes), reason, lead)
    if whole:
        first_code = next((i for i, c in enumerate(cells, start=1) if c.get("cell_type") == "code"), None)
        target = first_code or next(
            (i for i, c in enumerate(cells, start=1) if c.get("cell_type") == "markdown"), None
        )
        if target is not None:
            lead = "#" if target == first_code else "<!--"
            sources[target].insert(0, comment(lead, "ignore-file", whole, reason) + "\n")
    for i, c in enumerate(cells, start=1):
        joined = "".join(sources[i])
        c["source"] = joined.splitlines(keepends=True) if isinstance(c.get("source"), list) else joined
    indent = _json_indent(text)
    return json.dumps(nb, indent=indent, ensure_ascii=False) + ("\n" if text.endswith("\n") else "")


def _source_lines(cell: dict[str, Any]) -> list[str]:
    src = cell.get("source", "")
    return ("".join(src) if isinstance(src, list) else str(src)).splitlines(keepends=True)


def _json_indent(text: str) -> int:
    second = text.split("\n", 2)[1] if text.count("\n") >= 1 else ""
    return max(1, len(second) - len(second.lstrip(" "))) if second.strip() else 1
