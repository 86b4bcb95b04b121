"""`.py` files, including percent-cell scripts (`# %%`, `# %% [markdown]`, `# In[n]:`)."""

from __future__ import annotations

import re

from cosaudit.lint.formats.interface import (
    CodeCell,
    Document,
    DocumentKind,
    LineReader,
    ParagraphBuilder,
)

_MD_CELL = re.compile(r"^#\s*%%.*\[(markdown|md)\]")
_CELL = re.compile(r"^#\s*(%%|In\[\s*\d*\s*\]:)")


class PythonReader(LineReader):
    kind = DocumentKind.PYTHON

    def parse(self, lines: list[str], doc: Document, prose: ParagraphBuilder) -> None:
        doc.code.append(CodeCell.from_lines(lines, [(i + 1, None) for i in range(len(lines))]))
        # Markdown cells of a percent script are commented prose.
        in_md = False
        for i, line in enumerate(lines, start=1):
            if _MD_CELL.match(line):
                in_md = True
                prose.section += 1
                continue
            if _CELL.match(line):
                in_md = False
                prose.flush()
                continue
            if in_md:
                if line.startswith("#"):
                    body = line[1:].lstrip(" ")
                    if body.startswith("#"):
                        prose.heading(body.lstrip("# "), i, None)
                    else:
                        prose.add(body, i, None)
                else:
                    prose.flush()
