"""Reading Python that the running interpreter cannot parse, on a syntax tree all the same.

Real notebooks and scripts hold lines that are not Python 3 of this version: IPython magics and
shell escapes inside indented blocks (`if IN_COLAB:` / `!pip install …`), Python 2 `print x`
statements, f-strings with nested quotes that only Python 3.12 parses. `parse_tolerant` parses the
text; on a syntax error it rewrites the offending line — a Python 2 print becomes a call, a
magic or any other line becomes `pass` (or `if True:` when it opened a block) at its indentation —
and tries again, so the rest of the file is still analysed on its tree. It gives up (raises the
last SyntaxError) after too many repairs; the engine then falls back to a line scan and says so.
"""

from __future__ import annotations

import ast
import re

MAX_REPAIRS = 60
_PRINT2 = re.compile(r"^(\s*)print\s+(?![\s(=.,\[])(.*?)(,?)\s*(#.*)?$")
_OPENER = re.compile(r":\s*(#.*)?$")
_EXCEPT2 = re.compile(r"^(\s*except\s+[^,:]+),\s*(\w+)\s*:")


def _indent(line: str) -> str:
    return line[: len(line) - len(line.lstrip())]


def repair_line(line: str) -> str:
    """The line rewritten so that it parses: `print x` → `print(x)`; else a no-op statement."""
    m = _PRINT2.match(line)
    if m and not m.group(2).startswith(">>"):
        return f"{m.group(1)}print({m.group(2)})"
    e = _EXCEPT2.match(line)
    if e:
        return f"{e.group(1)} as {e.group(2)}:"
    stripped = line.strip()
    if _OPENER.search(stripped) and not stripped.startswith(("#", "!", "%")):
        return _indent(line) + "if True:"
    return _indent(line) + "pass" if stripped else line


def parse_tolerant(lines: list[str]) -> tuple[ast.Module, list[int]]:
    """The syntax tree of `lines`, and the 0-based indices of the lines that had to be rewritten.

    Raises SyntaxError (the last one) when the text cannot be repaired line by line.
    """
    work = list(lines)
    repaired: list[int] = []
    for _ in range(MAX_REPAIRS):
        try:
            return ast.parse("\n".join(work) + "\n"), repaired
        except SyntaxError as err:
            idx = _offending_line(err, work, repaired)
            if idx is None:
                raise
            new = repair_line(work[idx])
            if new == work[idx]:
                new = _indent(work[idx]) + "pass"
            work[idx] = new
            repaired.append(idx)
    return ast.parse("\n".join(work) + "\n"), repaired


def _offending_line(err: SyntaxError, work: list[str], repaired: list[int]) -> int | None:
    """The line to rewrite next: the error's line, or — when that line was rewritten already (the
    cause is earlier, e.g. an unclosed bracket) — the nearest earlier line not yet rewritten."""
    if not err.lineno or err.lineno > len(work) + 1:
        return None
    idx = min(err.lineno, len(work)) - 1
    while idx >= 0 and (idx in repaired or not work[idx].strip()):
        idx -= 1
    return idx if idx >= 0 else None
