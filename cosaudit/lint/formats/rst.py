"""reStructuredText: prose, section titles, and `code-block:: python` directives as code."""

from __future__ import annotations

import re
from functools import partial

from cosaudit.lint.formats.interface import (
    CodeCell,
    Document,
    DocumentKind,
    LineReader,
    ParagraphBuilder,
    take_block,
)
from cosaudit.lint.formats.markdown import clean_inline

_CODE_DIRECTIVE = re.compile(
    r"^\s*\.\.\s+(code-block|code|sourcecode|ipython|jupyter-execute)::\s*(\w*)"
)
_DIRECTIVE_OR_COMMENT = re.compile(r"^\s*\.\.(\s|$)")
_UNDERLINE = re.compile(r"^([=\-`:'\"~^_*+#<>])\1{2,}\s*$")
_ROLE = re.compile(r":\w+:`([^`]*)`")


def _deeper(base: int, line: str) -> bool:
    """Is `line` blank or indented past `base` (inside the block of a directive)?"""
    return not line.strip() or _indent(line) > base


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


class RstReader(LineReader):
    kind = DocumentKind.RST

    def parse(self, lines: list[str], doc: Document, prose: ParagraphBuilder) -> None:
        n = len(lines)
        i = 0
        while i < n:
            line = lines[i]
            m = _CODE_DIRECTIVE.match(line)
            if m or _DIRECTIVE_OR_COMMENT.match(line) or (line.rstrip().endswith("::") and not m):
                base = _indent(line)
                is_py = m is not None and (
                    m.group(2).lower() in ("python", "py", "python3", "ipython")
                    or m.group(1) in ("ipython", "jupyter-execute")
                )
                literal = line.rstrip().endswith("::") and not _DIRECTIVE_OR_COMMENT.match(line)
                if literal:  # the paragraph line itself is prose
                    prose.add(clean_inline(_ROLE.sub(r"\1", line.rstrip()[:-1])), i + 1, None)
                    prose.flush()
                body, j = take_block(lines, i + 1, partial(_deeper, base))
                while body and not body[-1][0].strip():
                    body.pop()
                is_admonition = (
                    not (m or literal) and re.match(r"^\s*\.\.\s+[\w-]+::", line) is not None
                )
                if is_py:
                    body = [(b, ln) for b, ln in body if not re.match(r"^\s*:[\w-]+:", b)]
                    strip = min((_indent(b) for b, _ in body if b.strip()), default=0)
                    code = [b[strip:] for b, _ in body]
                    doc.code.append(CodeCell.from_lines(code, [(ln, None) for _, ln in body]))
                elif m or literal:  # other code directives, literal blocks
                    doc.opaque.update((ln, None) for _, ln in body)
                if is_admonition:  # note/warning boxes hold prose
                    for b, ln in body:
                        prose.add(clean_inline(_ROLE.sub(r"\1", b.strip())), ln, None)
                prose.flush()
                i = j
                continue
            if (
                i + 1 < n
                and line.strip()
                and _UNDERLINE.match(lines[i + 1])
                and not _UNDERLINE.match(line)
            ):
                prose.heading(clean_inline(line.strip()), i + 1, None)
                i += 2
                continue
            if _UNDERLINE.match(line):
                i += 1
                continue
            prose.add(clean_inline(_ROLE.sub(r"\1", line)), i + 1, None)
            i += 1
