"""Markdown and Quarto: prose outside fences, fenced `python` blocks as code.

Other fenced blocks (logs, shell, text) are neither prose nor code: Hugging Face load warnings
pasted into a README name `cls.predictions.decoder.weight` and must not count.
"""

from __future__ import annotations

import ast
import html
import re
import textwrap

from cosaudit.lint.formats.interface import (
    CodeCell,
    Document,
    DocumentKind,
    LineReader,
    ParagraphBuilder,
    take_block,
    unmagic,
)

# a fence opens a block; a backtick fence's info string has no backtick (CommonMark), so "```True```"
# or "```pip install -e .```" on one line is inline code, not a block that runs to the next fence
_FENCE = re.compile(r"^(\s*)(`{3,}(?=[^`]*$)|~{3,})\s*\{?\s*([\w+-]*)")
_PY_LANGS = {"python", "py", "python3", "ipython", "ipython3", "pycon"}
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*)")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")


_HTML_TAG = re.compile(r"</?[A-Za-z][\w-]*(?:\s[^<>]*)?/?>")


def clean_inline(text: str) -> str:
    """Markdown inline markup and HTML tags → plain text (code spans keep their identifiers)."""
    text = _HTML_TAG.sub("", text)
    text = html.unescape(text) if "&" in text else text
    text = _LINK.sub(r"\1", text)
    text = text.replace("`", "")
    text = re.sub(r"(\*\*|__|\*|(?<!\w)_(?=\w))", "", text)
    return text


def _front_matter_end(lines: list[str]) -> int:
    """The index of the first line after YAML front matter (0 when there is none)."""
    if lines and lines[0].strip() == "---":
        for j in range(1, len(lines)):
            if lines[j].strip() in ("---", "..."):
                return j + 1
    return 0


def _fenced_block(
    lines: list[str],
    i: int,
    m: re.Match[str],
    cell: int | None,
    prose: ParagraphBuilder,
    code: list[CodeCell],
    opaque: set[tuple[int, int | None]] | None,
) -> int:
    """The fenced block opening at line `i`: python becomes a code cell; the rest is opaque.

    Returns the index of the line after the closing fence.
    """
    fence = m.group(2)
    lang = m.group(3).lower()
    body, j = take_block(lines, i + 1, lambda ln: not ln.strip().startswith(fence))
    if not lang and _python_statements([b for b, _ in body]):
        lang = "python"  # a README's untagged block of Python code
    prose.flush()
    if opaque is not None:
        opaque.add((i + 1, cell))
        opaque.add((j + 1, cell))
        if lang not in _PY_LANGS:
            opaque.update((ln, cell) for _, ln in body)
    if lang in _PY_LANGS:
        indent = len(m.group(1))
        src = [b[indent:] if b[:indent].strip() == "" else b.lstrip() for b, _ in body]
        src = [unmagic(s[4:] if s.startswith((">>> ", "... ")) else s) for s in src]
        code.append(CodeCell.from_lines(src, [(ln, cell) for _, ln in body]))
    return j + 1


_STATEMENTS = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Import, ast.ImportFrom, ast.For, ast.FunctionDef, ast.With)


def _python_statements(body: list[str]) -> bool:
    """Is an untagged fenced block Python code: it parses, and binds, imports, loops or defines
    something (a log line or a bare name such as `lm_head.weight` is not code)?"""
    text = textwrap.dedent("\n".join(body))
    if "=" not in text and "import" not in text:
        return False
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return any(isinstance(stmt, _STATEMENTS) for stmt in tree.body)


def _open_comment(line: str) -> tuple[str, bool]:
    """`line` without its HTML comment, and whether a comment stays open past it."""
    if "<!--" not in line:
        return line, False
    before, _, after = line.partition("<!--")
    if "-->" in after:
        return before + after.split("-->", 1)[1], False
    return before, True


def _math_block(lines: list[str], i: int, line: str, cell: int | None, prose: ParagraphBuilder) -> int:
    """A `$$` display-math block starting at line `i` (whose text is `line`); returns the next index."""
    stripped = line.strip()
    block = [(line, i + 1, cell)]
    if not (stripped.endswith("$$") and len(stripped) > 2):
        j = i + 1
        while j < len(lines):
            block.append((lines[j], j + 1, cell))
            if "$$" in lines[j]:
                break
            j += 1
        i = j
    prose.math_block(block)
    return i + 1


def _prose_line(line: str, i: int, cell: int | None, prose: ParagraphBuilder) -> None:
    """One line of prose: a heading or paragraph text."""
    h = _HEADING.match(line)
    if h:
        prose.heading(clean_inline(h.group(1)), i + 1, cell)
    else:
        prose.add(clean_inline(line), i + 1, cell)


def parse_markdown(
    lines: list[str],
    cell: int | None,
    prose: ParagraphBuilder,
    code: list[CodeCell],
    opaque: set[tuple[int, int | None]] | None = None,
) -> None:
    """Split markdown `lines` into prose paragraphs and python code cells (appended in place)."""
    i = _front_matter_end(lines) if cell is None else 0
    n = len(lines)
    in_comment = False
    while i < n:
        line = lines[i]
        m = _FENCE.match(line)
        if m and not in_comment:
            i = _fenced_block(lines, i, m, cell, prose, code, opaque)
            continue
        if in_comment:
            if "-->" in line:
                in_comment = False
                rest = line.split("-->", 1)[1]
                prose.add(clean_inline(rest), i + 1, cell)
            i += 1
            continue
        line, in_comment = _open_comment(line)
        if line.strip().startswith("$$"):
            i = _math_block(lines, i, line, cell, prose)
            continue
        if not in_comment and _TICKED_LINE.match(line):
            end = _ticked_code(lines, i, cell, prose, code)
            if end is not None:
                i = end
                continue
        if not in_comment and _BARE_CODE_START.match(line) and (i == 0 or not lines[i - 1].strip()):
            end = _bare_code(lines, i, cell, prose, code)
            if end is not None:
                i = end
                continue
        _prose_line(line, i, cell, prose)
        i += 1
    prose.flush()


# the first line of a paragraph that may be Python pasted without a fence (a README written in haste,
# or a web page's text, whose code blocks lost their fences): an import, a definition, a loop, a binding
_BARE_CODE_START = re.compile(
    r"^(?:import |from \S+ import |def |class |for |with |[A-Za-z_][\w.]*(?:\[[^\]]*\])?\s*=[^=])"
)


def _bare_code(
    lines: list[str], i: int, cell: int | None, prose: ParagraphBuilder, code: list[CodeCell]
) -> int | None:
    """The paragraph starting at line `i` as a code cell when it is Python statements, not prose;
    returns the index of the blank line after it, or None (prose after all)."""
    body, j = take_block(lines, i, lambda ln: bool(ln.strip()) and not (_FENCE.match(ln) or _HEADING.match(ln)))
    if len(body) < 2 and "(" not in body[0][0]:
        return None  # "z = z^2 + 1" alone on a line: a formula in prose
    if not _python_statements([b for b, _ in body]):
        return None
    prose.flush()
    code.append(CodeCell.from_lines([unmagic(b) for b, _ in body], [(ln, cell) for _, ln in body]))
    return j


# a line that is one inline code span and nothing else: an issue's code typed line by line in backticks
# (`` `import gensim` ``, `` `model = KeyedVectors.load_word2vec_format(f)` ``)
_TICKED_LINE = re.compile(r"^\s*`([^`]+)`\s*$")


def _ticked_code(
    lines: list[str], i: int, cell: int | None, prose: ParagraphBuilder, code: list[CodeCell]
) -> int | None:
    """Two or more such lines in a row, from line `i`, as a code cell when they are Python statements;
    returns the index after them, or None (inline code in prose after all)."""
    run: list[tuple[str, int]] = []
    j = i
    while j < len(lines) and (m := _TICKED_LINE.match(lines[j])):
        run.append((m.group(1).strip(), j + 1))
        j += 1
    body = [b for b, _ in run]
    if len(run) < 2 or not _BARE_CODE_START.match(body[0]) or not _python_statements(body):
        return None
    prose.flush()
    code.append(CodeCell.from_lines([unmagic(b) for b in body], [(ln, cell) for _, ln in run]))
    return j


class MarkdownReader(LineReader):
    kind = DocumentKind.MARKDOWN

    def parse(self, lines: list[str], doc: Document, prose: ParagraphBuilder) -> None:
        parse_markdown(lines, None, prose, doc.code, doc.opaque)
