"""Jupyter notebooks: code cells (concatenated later, in order) and markdown cells.

Outputs are skipped: load warnings and printed tensors there are not the author's claims.
IPython magics (`%…`, `!…`) become `pass` at their indentation; a cell magic other than timing (`%%bash`) drops the
cell. Cells are numbered from 1 over all cells; lines from 1 within their cell.
"""

from __future__ import annotations

import json

from cosaudit.lint.formats.interface import (
    CodeCell,
    Document,
    DocumentError,
    DocumentKind,
    ParagraphBuilder,
    Reader,
    strip_marker,
    unmagic,
)
from cosaudit.lint.formats.markdown import parse_markdown

_PYTHON_CELL_MAGICS = {"time", "timeit", "capture", "prun", "debug"}
def _source(cell: dict, index: int) -> str:
    src = cell.get("source", "")
    if isinstance(src, list) and all(isinstance(s, str) for s in src):
        return "".join(src)
    if isinstance(src, str):
        return src
    raise DocumentError(f"cell {index}: 'source' is neither a string nor a list of strings")


def _cells(text: str) -> list:
    """The notebook's list of cells; DocumentError when `text` is not an nbformat 4 notebook."""
    try:
        nb = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DocumentError(
            f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None
    if not isinstance(nb, dict):
        raise DocumentError("not a notebook: the top level is not a JSON object")
    cells = nb.get("cells")
    if cells is None and "worksheets" in nb:
        raise DocumentError(
            "nbformat 3 notebook (worksheets); convert it with `jupyter nbconvert --to "
            "notebook`"
        )
    if not isinstance(cells, list):
        raise DocumentError("not a notebook: no 'cells' list")
    return cells


def _cell_lines(cell: object, index: int, doc: Document) -> list[str]:
    """A cell's source lines (its tags and raw lines recorded in `doc`); checks the cell's shape."""
    if not isinstance(cell, dict) or not isinstance(cell.get("cell_type"), str):
        raise DocumentError(f"cell {index} is not an object with a 'cell_type'")
    metadata = cell.get("metadata", {})
    if not isinstance(metadata, dict):
        raise DocumentError(f"cell {index}: 'metadata' is not an object")
    tags = metadata.get("tags", [])
    if isinstance(tags, list):
        doc.cell_tags[index] = [t for t in tags if isinstance(t, str)]
    lines = [strip_marker(s) for s in _source(cell, index).splitlines()]
    doc.raw_lines.extend((line, i + 1, index) for i, line in enumerate(lines))
    return lines


def _add_code_cell(lines: list[str], index: int, doc: Document) -> None:
    """A code cell: magics blanked; a cell magic other than a python one makes it opaque."""
    if lines and lines[0].startswith("%%"):
        magic = lines[0][2:].split()[0] if lines[0][2:].split() else ""
        if magic not in _PYTHON_CELL_MAGICS:
            doc.opaque.update((i + 1, index) for i in range(len(lines)))
            return
        lines = [""] + lines[1:]
    code = [unmagic(line) for line in lines]
    doc.code.append(
        CodeCell.from_lines(code, [(i + 1, index) for i in range(len(code))])
    )


class NotebookReader(Reader):
    kind = DocumentKind.NOTEBOOK

    def read(self, path: str, text: str) -> Document:
        cells = _cells(text)
        doc = Document(path, self.kind)
        prose = ParagraphBuilder()
        for index, cell in enumerate(cells, start=1):
            lines = _cell_lines(cell, index, doc)
            kind = cell["cell_type"]
            if kind == "code":
                _add_code_cell(lines, index, doc)
            elif kind == "markdown":
                prose.section += 1
                parse_markdown(lines, index, prose, doc.code, doc.opaque)
            else:  # raw cells
                doc.opaque.update((i + 1, index) for i in range(len(lines)))
        prose.flush()
        doc.prose = prose.paragraphs
        return doc
