"""Read the inline `expect:` markers of the check corpus (shared by the tests and the benchmark)."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

CORPUS = Path(__file__).resolve().parent / "corpus"
FORMAT_DIRS = ("python", "notebook", "markdown", "rst", "latex")
_MARK = re.compile(r"expect:\s*((?:COS\d{3}[\s,]*)+)")

Key = tuple["int | None", int, str]  # (cell, line, code)


def corpus_files() -> list[Path]:
    return sorted(p for d in FORMAT_DIRS for p in (CORPUS / d).iterdir() if p.is_file())


def _marks(lines: list[str], cell: int | None, out: Counter[Key]) -> None:
    for number, line in enumerate(lines, start=1):
        m = _MARK.search(line)
        if m:
            for code in re.findall(r"COS\d{3}", m.group(1)):
                out[(cell, number, code)] += 1


def expected(path: Path) -> Counter[Key]:
    """Expected findings of a corpus file as a multiset of (cell, line, code)."""
    out: Counter[Key] = Counter()
    if path.suffix == ".ipynb":
        nb = json.loads(path.read_text(encoding="utf-8"))
        for index, cell in enumerate(nb["cells"], start=1):
            src = cell["source"]
            text = "".join(src) if isinstance(src, list) else src
            _marks(text.splitlines(), index, out)
    else:
        _marks(path.read_text(encoding="utf-8").splitlines(), None, out)
    return out


def strip_markers(text: str) -> str:
    """The file without its markers (for the test that markers neither trigger nor suppress)."""
    return re.sub(r"[ \t]*(?:#|<!--|%|\.\.)\s*expect:\s*(?:COS\d{3}[ \t,]*)+(?:-->)?", "", text)
