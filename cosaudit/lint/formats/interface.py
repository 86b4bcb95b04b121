"""What every reader produces: a `Document` with code cells, prose paragraphs and raw lines.

Positions are kept per line as `(line, cell)`: `line` is 1-based within the file (or within the
notebook cell), `cell` the 1-based notebook cell or None.
"""

from __future__ import annotations

import enum
import re
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field

Origin = tuple[int, "int | None"]  # (line, cell)

# Inline test-corpus markers (`# expect: COS101`, `<!-- expect: COS201 -->`, `% expect: …`) are
# removed before any analysis, so they can neither trigger nor suppress a rule.
_MARKER = re.compile(r"\s*(?:#|<!--|%|\.\.)\s*expect:\s*(?:COS\d{3}[\s,]*)+(?:-->)?\s*$")


def strip_marker(line: str) -> str:
    """`line` without a trailing `expect:` corpus marker."""
    if "expect:" not in line:
        return line
    return _MARKER.sub("", line)


class DocumentKind(enum.Enum):
    PYTHON = "python"
    NOTEBOOK = "notebook"
    MARKDOWN = "markdown"
    RST = "rst"
    LATEX = "latex"


@dataclass
class CodeCell:
    """A piece of Python source; `origins[i]` is where line i+1 of `text` comes from."""

    text: str
    origins: list[Origin]
    low_confidence: bool = False

    @classmethod
    def from_lines(cls, lines: list[str], origins: list[Origin]) -> CodeCell:
        """A cell of `lines` joined (with a final newline); `origins[i]` is where `lines[i]` is."""
        return cls("\n".join(lines) + "\n", origins)


@dataclass
class Paragraph:
    """Consecutive prose lines (text already stripped of markup), within one section."""

    lines: list[tuple[str, int, int | None]]  # (text, line, cell)
    section: int = 0
    math: bool = False  # a display-math block


@dataclass
class Document:
    """A file as the engine sees it."""

    path: str
    kind: DocumentKind
    code: list[CodeCell] = field(default_factory=list)
    prose: list[Paragraph] = field(default_factory=list)
    raw_lines: list[tuple[str, int, int | None]] = field(default_factory=list)
    cell_tags: dict[int, list[str]] = field(default_factory=dict)
    comments: list[tuple[str, int, int | None]] = field(default_factory=list)
    # lines that are neither prose nor analysed code (logs, shell, verbatim): no suppressions there
    opaque: set[tuple[int, int | None]] = field(default_factory=set)


class DocumentError(Exception):
    """A file that cannot be read as its format says (e.g. a malformed notebook)."""


class Reader(ABC):
    """Turns decoded text into a Document; raises DocumentError when the format is broken."""

    kind: DocumentKind

    @abstractmethod
    def read(self, path: str, text: str) -> Document: ...


_MAGIC = re.compile(r"^(\s*)[%!]")


def unmagic(line: str) -> str:
    """A magic or shell line becomes `pass` at its indentation (so `if IN_COLAB:` followed by
    `!pip install …` still parses, in a notebook's cell or a Markdown block copied from one); other
    lines are kept."""
    m = _MAGIC.match(line)
    return m.group(1) + "pass" if m else line


def split_lines(text: str) -> list[str]:
    return [strip_marker(line) for line in text.splitlines()]


def take_block(
    lines: list[str], start: int, inside: Callable[[str], bool]
) -> tuple[list[tuple[str, int]], int]:
    """The lines from index `start` on while `inside(line)` holds, as (text, 1-based line), and
    the index of the first line after them (`len(lines)` at the end of the file)."""
    j = start
    body: list[tuple[str, int]] = []
    while j < len(lines) and inside(lines[j]):
        body.append((lines[j], j + 1))
        j += 1
    return body, j


# sections whose text is citations and thanks, not claims: "References", "## 7. Bibliography"
_REFERENCE_HEADING = re.compile(
    r"^[#\s\d.]*(?:references?|bibliography|citations?|cite this(?: work)?|works cited|acknowledge?ments?)\s*:?\s*$",
    re.IGNORECASE,
)


class ParagraphBuilder:
    """Collects prose lines into paragraphs; a blank line or a heading ends one. The lines of a
    references or acknowledgements section are left out: a cited title is no claim."""

    def __init__(self) -> None:
        self.paragraphs: list[Paragraph] = []
        self._current: list[tuple[str, int, int | None]] = []
        self.section = 0
        self._citations = False

    def add(self, text: str, line: int, cell: int | None) -> None:
        if not text.strip():
            self.flush()
            return
        if not self._citations:
            self._current.append((text, line, cell))

    def flush(self, *, math: bool = False) -> None:
        if self._current:
            self.paragraphs.append(Paragraph(self._current, self.section, math))
            self._current = []

    def heading(self, text: str, line: int, cell: int | None) -> None:
        self.flush()
        self.section += 1
        self._citations = bool(_REFERENCE_HEADING.match(text.strip()))
        self.paragraphs.append(Paragraph([(text, line, cell)], self.section))

    def math_block(self, lines: list[tuple[str, int, int | None]]) -> None:
        self.flush()
        if lines:
            self.paragraphs.append(Paragraph(lines, self.section, math=True))


class LineReader(Reader):
    """A plain-text format (not a notebook): every line is a raw line of the file (no cell), and
    prose goes through one `ParagraphBuilder`; `parse` adds code, prose and opaque lines."""

    def read(self, path: str, text: str) -> Document:
        lines = split_lines(text)
        doc = Document(path, self.kind)
        doc.raw_lines = [(line, i + 1, None) for i, line in enumerate(lines)]
        prose = ParagraphBuilder()
        self.parse(lines, doc, prose)
        prose.flush()
        doc.prose = prose.paragraphs
        return doc

    @abstractmethod
    def parse(self, lines: list[str], doc: Document, prose: ParagraphBuilder) -> None: ...
