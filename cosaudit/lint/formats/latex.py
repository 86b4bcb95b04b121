"""LaTeX: prose and math (comments removed, `\\texttt{lm\\_head}` unescaped), and listings
declared as Python (`minted{python}`, `lstlisting[language=Python]`) as code."""

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

_COMMENT = re.compile(r"(?<!\\)%.*$")
_SECTION = re.compile(
    r"^\s*\\(?:part|chapter|section|subsection|subsubsection|paragraph|subparagraph)\*?(?:\[[^\]]*\])?\{"
)
_BEGIN = re.compile(r"\\begin\{(\w+\*?)\}(\{[^}]*\}|\[[^\]]*\])?")
_BEGIN_OR_END = re.compile(r"^\s*\\(?:begin|end)\{[^}]*\}(?:\[[^\]]*\]|\{[^}]*\})*\s*$")
# a line of commands and their arguments only (`\centering`, `\includegraphics[width=...]{fig.pdf}`,
# `\label{fig:sim}`, `\vspace{-1em}`; arguments without spaces, so not `\caption{...}`): not prose,
# and where a caption's paragraph begins
_COMMANDS_ONLY = re.compile(r"^\s*(?:\\[A-Za-z@]+\*?(?:\[[^\]]*\])*(?:\{[^{}\s]*\})*\s*)+$")
_VERBATIM = {"lstlisting", "minted", "verbatim", "Verbatim", "comment"}
_MATH_ENVS = {
    "equation",
    "equation*",
    "align",
    "align*",
    "eqnarray",
    "multline",
    "gather",
    "displaymath",
}
_TEXT_CMDS = re.compile(
    r"\\(?:texttt|emph|textit|textbf|text|mathrm|textsc|underline|verb)\{([^{}]*)\}"
)
_CITE = re.compile(r"\\(?:cite[pt]?|ref|eqref|label|autoref|cref|url|footnote)\*?\{[^{}]*\}")


def clean_tex(text: str) -> str:
    text = _CITE.sub("", text)
    for _ in range(3):
        text = _TEXT_CMDS.sub(r"\1", text)
    text = text.replace("\\_", "_").replace("~", " ").replace("``", '"').replace("''", '"')
    return text


def _heading(line: str) -> tuple[str, str] | None:
    """A sectioning command's title and the text after it on the same line: a run-in heading
    (`\\paragraph{Label similarity.} We define ...`) starts a paragraph of prose."""
    m = _SECTION.match(line)
    if m is None:
        return None
    depth = 1
    for k in range(m.end(), len(line)):
        depth += {"{": 1, "}": -1}.get(line[k], 0) if line[k - 1] != "\\" else 0
        if depth == 0:
            return line[m.end() : k], " " * (k + 1) + line[k + 1 :]  # columns kept
    return line[m.end() :], ""  # a title that goes on to the next line: this line's part of it


def _before(end: str, line: str) -> bool:
    """Is `line` still inside the environment that `end` closes?"""
    return end not in line


def _math_block(
    lines: list[str], i: int, end: str
) -> tuple[list[tuple[str, int, int | None]], int]:
    """Display math from line index `i` to the first line (comments removed) holding `end`, or to
    the end of the file: (the cleaned block, the index of its last line)."""
    j = i
    block: list[tuple[str, int, int | None]] = [(clean_tex(_COMMENT.sub("", lines[j])), j + 1, None)]
    while end not in _COMMENT.sub("", lines[j]) and j + 1 < len(lines):
        j += 1
        block.append((clean_tex(_COMMENT.sub("", lines[j])), j + 1, None))
    return block, j


class LatexReader(LineReader):
    kind = DocumentKind.LATEX

    def parse(self, lines: list[str], doc: Document, prose: ParagraphBuilder) -> None:
        i = 0
        while i < len(lines):
            line = _COMMENT.sub("", lines[i])
            m = _BEGIN.search(line)
            if m and m.group(1) in _VERBATIM:
                opt = (m.group(2) or "").lower()
                end = f"\\end{{{m.group(1)}}}"
                body, j = take_block(lines, i + 1, partial(_before, end))
                prose.flush()
                if "python" in opt:
                    doc.code.append(
                        CodeCell.from_lines([b for b, _ in body], [(ln, None) for _, ln in body])
                    )
                else:
                    doc.opaque.update((ln, None) for _, ln in body)
                i = j + 1
                continue
            if m and m.group(1) in _MATH_ENVS:
                block, j = _math_block(lines, i, f"\\end{{{m.group(1)}}}")
                prose.math_block(block)
                i = j + 1
                continue
            heading = _heading(line)
            if heading is not None:
                prose.heading(clean_tex(heading[0]), i + 1, None)
                if heading[1].strip():
                    prose.add(clean_tex(heading[1]), i + 1, None)
            elif line.strip().startswith("\\["):
                block, i = _math_block(lines, i, "\\]")
                prose.math_block(block)
            elif _BEGIN_OR_END.match(line) or _COMMANDS_ONLY.match(line):
                prose.flush()  # `\begin{figure}`, `\centering`, `\includegraphics{...}`: no prose, a break
            else:
                prose.add(clean_tex(line.replace("\\item", "")), i + 1, None)
            i += 1
