"""LaTeX: prose and math (comments removed, `\\texttt{lm\\_head}` unescaped), and listings
declared as Python (`minted{python}`, `lstlisting[language=Python]`) as code."""

from __future__ import annotations

import re

from cosaudit.lint.formats.interface import (
    CodeCell,
    Document,
    DocumentKind,
    ParagraphBuilder,
    Reader,
    split_lines,
)

_COMMENT = re.compile(r"(?<!\\)%.*$")
_SECTION = re.compile(r"^\s*\\(part|chapter|section|subsection|subsubsection|paragraph)\*?\{(.*)\}")
_BEGIN = re.compile(r"\\begin\{(\w+\*?)\}(\{[^}]*\}|\[[^\]]*\])?")
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


class LatexReader(Reader):
    kind = DocumentKind.LATEX

    def read(self, path: str, text: str) -> Document:
        lines = split_lines(text)
        doc = Document(path, self.kind)
        doc.raw_lines = [(line, i + 1, None) for i, line in enumerate(lines)]
        prose = ParagraphBuilder()
        n = len(lines)
        i = 0
        while i < n:
            line = _COMMENT.sub("", lines[i])
            m = _BEGIN.search(line)
            if m and m.group(1) in _VERBATIM:
                env = m.group(1)
                opt = (m.group(2) or "").lower()
                end = f"\\end{{{env}}}"
                j = i + 1
                body: list[tuple[str, int]] = []
                while j < n and end not in lines[j]:
                    body.append((lines[j], j + 1))
                    j += 1
                prose.flush()
                if "python" not in opt:
                    doc.opaque.update((ln, None) for _, ln in body)
                if "python" in opt:
                    doc.code.append(
                        CodeCell(
                            "\n".join(b for b, _ in body) + "\n", [(ln, None) for _, ln in body]
                        )
                    )
                i = j + 1
                continue
            if m and m.group(1) in _MATH_ENVS:
                env = m.group(1)
                end = f"\\end{{{env}}}"
                block = [(clean_tex(line), i + 1, None)]
                j = i
                while end not in _COMMENT.sub("", lines[j]) and j + 1 < n:
                    j += 1
                    block.append((clean_tex(_COMMENT.sub("", lines[j])), j + 1, None))
                prose.math_block(block)
                i = j + 1
                continue
            s = _SECTION.match(line)
            if s:
                prose.heading(clean_tex(s.group(2)), i + 1, None)
            elif line.strip().startswith("\\["):
                block = [(clean_tex(line), i + 1, None)]
                j = i
                while "\\]" not in _COMMENT.sub("", lines[j]) and j + 1 < n:
                    j += 1
                    block.append((clean_tex(_COMMENT.sub("", lines[j])), j + 1, None))
                prose.math_block(block)
                i = j
            elif re.match(r"^\s*\\(begin|end)\{(document|abstract|itemize|enumerate)\}", line):
                prose.flush()
            else:
                prose.add(clean_tex(line.replace("\\item", "")), i + 1, None)
            i += 1
        prose.flush()
        doc.prose = prose.paragraphs
        return doc
