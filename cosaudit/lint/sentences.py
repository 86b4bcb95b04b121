"""Prose split into sentences, each with where it starts: a full stop before a capital, a CJK full
stop, a docstring's field line, a list item, or a line that starts with a sentence-starting word
ends one; a sentence that carries on the one before ("Then …") is read with it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from cosaudit.lint.formats.interface import Paragraph

CONTINUES = re.compile(r"^(?:Then|So)\b")
_ABBREV = re.compile(r"(?:\be\.g|\bi\.e|\bet al|\bFig|\bEq|\bvs|\bcf|\bresp|\bSec)\.$")


@dataclass
class Sentence:
    text: str
    line: int
    column: int
    cell: int | None
    section: int


# a docstring's field line ("k: Number of neighbours to find.", ":param W: the output embeddings",
# "Returns:"): each field is its own statement, even when its text starts in lower case
_FIELD_LINE = re.compile(
    r"^\s*(?::(?:param|arg|type|returns?|rtype)\b[^:]*:|\*{0,2}\w+\*{0,2}(?:\s*\([^()]*\))?:(?:\s|$))"
)
# a list item ("- tied embeddings", "2. Train the probe"): its own statement, as a field line is
_LIST_ITEM = re.compile(r"^\s*(?:[-*+•]|\d{1,3}[.)])\s+\S")
# a line that starts with a word that starts sentences: a new sentence, even when the line before ends
# without a full stop (web text keeps one paragraph per line; a formula or a title ends with none)
_NEW_LINE_SENTENCE = re.compile(
    r"^\s*(?:But|Which|When|This|These|That|It|I|We|So|However|Then|Here|There|In|For|The)\s"
)


def sentences(par: Paragraph) -> list[Sentence]:
    """Split a paragraph into sentences, each with the position of its first character."""
    text = ""
    starts: list[tuple[int, int, int, int | None]] = []  # (offset, line, col0, cell)
    breaks: list[int] = []  # offsets where a field line starts
    for chunk, line, cell in par.lines:
        lead = len(chunk) - len(chunk.lstrip())
        starts.append((len(text), line, lead, cell))
        if text and (_FIELD_LINE.match(chunk) or _LIST_ITEM.match(chunk) or _NEW_LINE_SENTENCE.match(chunk)):
            breaks.append(len(text))
        text += chunk.strip() + " "
    # a full stop before a capital (or a number, a quote, math); a CJK full stop ends a sentence by itself
    ends = [
        m.end()
        for m in re.finditer(r"[.!?](?=\s+[A-Z0-9\"'(\\$`*])|[。！？]", text)
        if not _ABBREV.search(text[max(0, m.start() - 6) : m.end()])
    ]
    out: list[Sentence] = []
    begin = 0
    for end in sorted(set(ends + breaks)):
        if end <= begin:
            continue
        out.append(_sentence(text, begin, end, starts, par.section))
        begin = end
    if text[begin:].strip():
        out.append(_sentence(text, begin, len(text), starts, par.section))
    return _joined(out)


def _joined(out: list[Sentence]) -> list[Sentence]:
    """A sentence that carries on the previous one ("Then …") is read with it."""
    joined: list[Sentence] = []
    for s in out:
        if joined and CONTINUES.match(s.text):
            prev = joined[-1]
            joined[-1] = Sentence(prev.text + " " + s.text, prev.line, prev.column, prev.cell, prev.section)
        else:
            joined.append(s)
    return joined


def _sentence(
    text: str, a: int, b: int, starts: list[tuple[int, int, int, int | None]], section: int
) -> Sentence:
    while a < b and text[a].isspace():
        a += 1
    off, line, lead, cell = starts[0]
    for s in starts:
        if s[0] <= a:
            off, line, lead, cell = s
    return Sentence(text[a:b].strip(), line, lead + (a - off) + 1, cell, section)
