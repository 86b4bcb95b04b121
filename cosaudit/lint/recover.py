"""Reading Python that the running interpreter cannot parse, on a syntax tree all the same.

Real notebooks and scripts hold lines that are not Python 3 of this version: IPython magics and
shell escapes inside indented blocks (`if IN_COLAB:` / `!pip install …`), Python 2 `print x`
statements, f-strings with nested quotes that only Python 3.12 parses. `parse_tolerant` parses the
text; on a syntax error it rewrites the offending line — a Python 2 print becomes a call, a
magic or any other line becomes `pass` (or `if True:` when it opened a block) at its indentation —
and tries again, so the rest of the file is still analysed on its tree. A line indented to no
level its blocks allow (an `elif` of a method committed half-edited) moves to one they do. It gives
up (raises the last SyntaxError) after too many repairs; the engine then falls back to a line scan
and says so.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize

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
            new = _reindented(err, work, idx) or repair_line(work[idx])
            if new == work[idx]:
                new = _indent(work[idx]) + "pass"
            work[idx] = new
            repaired.append(idx)
    return ast.parse("\n".join(work) + "\n"), repaired


def _reindented(err: SyntaxError, lines: list[str], idx: int) -> str | None:
    """A line indented to no level the blocks above it allow, moved to one they do: a dedent that
    matches no enclosing level (`elif` at 16 spaces under an `if` at 8 whose body is at 20) to the
    deepest shallower one, an indent that no block opened to the current level. None for other
    errors."""
    if not (isinstance(err, IndentationError) and err.lineno == idx + 1):
        return None
    levels = _open_levels(lines[:idx])
    depth = len(_indent(lines[idx]))
    if "unindent does not match" in err.msg:
        shallower = [level for level in levels if level < depth]
        return " " * max(shallower) + lines[idx].lstrip() if shallower else None
    if err.msg.startswith("unexpected indent") and levels[-1] < depth:
        return " " * levels[-1] + lines[idx].lstrip()
    return None


def _open_levels(lines: list[str]) -> list[int]:
    """The indentation levels of the blocks open after `lines` (the end of the text closes none)."""
    levels = [0]
    try:
        for tok in tokenize.generate_tokens(io.StringIO("\n".join(lines) + "\n").readline):
            if tok.start[0] > len(lines):
                break
            if tok.type == tokenize.INDENT:
                levels.append(len(tok.string))
            elif tok.type == tokenize.DEDENT:
                levels.pop()
    except (SyntaxError, tokenize.TokenError):
        pass
    return levels


def _offending_line(err: SyntaxError, work: list[str], repaired: list[int]) -> int | None:
    """The line to rewrite next: the error's line, or — when that line was rewritten already (the
    cause is earlier, e.g. an unclosed bracket) — the nearest earlier line not yet rewritten."""
    if not err.lineno or err.lineno > len(work) + 1:
        return None
    idx = min(err.lineno, len(work)) - 1
    while idx >= 0 and (idx in repaired or not work[idx].strip()):
        idx -= 1
    return idx if idx >= 0 else None
