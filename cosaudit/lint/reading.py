"""Reading one file into a `Document`: its reader by extension, and a notice instead when it cannot
be checked (too large, binary, not UTF-8, unreadable, a malformed notebook) or is read another way
(a `.ipynb` of Python source is read as the script it is)."""

from __future__ import annotations

from pathlib import Path

from cosaudit.lint.formats import reader_for
from cosaudit.lint.formats.interface import Document, DocumentError, DocumentKind, unmagic
from cosaudit.lint.model import Notice, NoticeKind
from cosaudit.lint.recover import parse_tolerant


def read_document(path: Path, display: str, max_size: int) -> tuple[Document | None, Notice | None]:
    """Read and parse one file; a notice instead of a document when it cannot be checked."""
    if reader_for(path) is None:
        return None, _unsupported(display)  # not even read
    try:
        size = path.stat().st_size
        if size > max_size:
            return None, Notice(
                display,
                NoticeKind.TOO_LARGE,
                f"{size} bytes is over max-file-size ({max_size}); skipped",
            )
        data = path.read_bytes()
    except OSError as exc:
        return None, Notice(
            display, NoticeKind.UNREADABLE, f"cannot be read ({exc.strerror or exc}); skipped"
        )
    return parse_document(path, display, data)


def parse_document(path: Path, display: str, data: bytes) -> tuple[Document | None, Notice | None]:
    """Parse one document's bytes (a file's, or standard input's named `path`): the reader its
    suffix picks; a notice instead when the bytes cannot be checked."""
    reader = reader_for(path)
    if reader is None:
        return None, _unsupported(display)
    if b"\x00" in data[:8192]:
        return None, Notice(display, NoticeKind.BINARY, "binary file (NUL bytes); skipped")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return None, Notice(
            display, NoticeKind.UNDECODABLE, f"not valid UTF-8 (byte {exc.start}); skipped"
        )
    try:
        return reader.read(display, text), None
    except DocumentError as exc:
        if reader.kind is not DocumentKind.NOTEBOOK:
            return None, Notice(display, NoticeKind.UNSUPPORTED, f"malformed notebook: {exc}; skipped")
        script = _notebook_as_script(display, text)
        if script is not None:
            note = "not JSON but Python source (a JupyterLab virtual document, a renamed script); read as a script"
            return script, Notice(display, NoticeKind.NOTEBOOK_AS_SCRIPT, note)
        return None, Notice(display, NoticeKind.MALFORMED_NOTEBOOK, f"malformed notebook: {exc}; skipped")
    except RecursionError:
        return None, Notice(display, NoticeKind.UNSUPPORTED, "too deeply nested to read; skipped")


def _unsupported(display: str) -> Notice:
    return Notice(display, NoticeKind.UNSUPPORTED, "not a file type cosaudit checks; skipped")


def _notebook_as_script(display: str, text: str) -> Document | None:
    """A `.ipynb` holding Python source instead of JSON (JupyterLab's `.virtual_documents`, a script
    renamed): read as the script it is, when it parses as one with at most a tenth of its lines
    repaired (magics aside); prose or a broken notebook is no script."""
    if text.lstrip().startswith(("{", "[")):
        return None  # a broken notebook, not a script
    lines = [unmagic(line) for line in text.splitlines()]
    try:
        _, repaired = parse_tolerant(lines)
    except (SyntaxError, RecursionError, MemoryError, ValueError):
        return None
    filled = sum(1 for line in lines if line.strip())
    if filled == 0 or len(repaired) > filled // 10:
        return None
    reader = reader_for(Path("script.py"))
    return reader.read(display, text) if reader is not None else None
