"""Readers that turn a file into a `Document` (code cells, prose paragraphs, raw lines).

One module per format (habit 2); `reader_for(path)` picks one by suffix.
"""

from __future__ import annotations

from pathlib import Path

from cosaudit.lint.formats.interface import Document, DocumentKind, Reader
from cosaudit.lint.formats.latex import LatexReader
from cosaudit.lint.formats.markdown import MarkdownReader
from cosaudit.lint.formats.notebook import NotebookReader
from cosaudit.lint.formats.python import PythonReader
from cosaudit.lint.formats.rst import RstReader

READERS: dict[str, Reader] = {
    ".py": PythonReader(),
    ".ipynb": NotebookReader(),
    ".md": MarkdownReader(),
    ".markdown": MarkdownReader(),
    ".qmd": MarkdownReader(),
    ".rst": RstReader(),
    ".tex": LatexReader(),
}


def reader_for(path: Path) -> Reader | None:
    """The reader for this file's suffix, or None for a file type cosaudit does not check."""
    return READERS.get(path.suffix.lower())


__all__ = ["Document", "DocumentKind", "READERS", "Reader", "reader_for"]
