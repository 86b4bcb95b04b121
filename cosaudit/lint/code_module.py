"""A document's code as one module: its cells joined (each line keeps its cell and line), parsed on
a syntax tree however much of it this Python can parse (repaired lines, then cell by cell), and
what cannot be parsed scanned line by line, with the notice that says so."""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
from dataclasses import dataclass

from cosaudit.lint.formats.interface import CodeCell, Document
from cosaudit.lint.model import Notice, NoticeKind
from cosaudit.lint.recover import parse_tolerant, repair_line
from cosaudit.lint.taint import LABEL, VEC, Event, Taint


def too_complex(path: str, step: str) -> Notice:
    """The note for code too deeply nested to `step` ("parse" / "analyse") with `ast`."""
    return Notice(
        path,
        NoticeKind.TOO_COMPLEX,
        f"code nested too deeply to {step}; used a lighter line-based scan",
    )


_LIGHT_SINK = re.compile(r"cosine_similarity|cosine_distances|CosineSimilarity|\bcos_sim\b|\bcdist\b|normalize")
_LIGHT_SOURCE = re.compile(
    r"lm_head\.weight|get_output_embeddings\(\)\.weight|\bW_U\b|(?<![\w])fc\.weight|classifier\.weight|embed_out\.weight"
)


@dataclass
class CodeModule:
    """A document's code cells as one text: `origins[i]` is (line, cell) of `lines[i]` in the document."""

    lines: list[str]
    origins: list[tuple[int, int | None]]


def join_cells(cells: list[CodeCell]) -> CodeModule:
    lines: list[str] = []
    origins: list[tuple[int, int | None]] = []
    for c in cells:
        src = c.text.split("\n")
        if src and src[-1] == "":
            src = src[:-1]
        for i, line in enumerate(src):
            lines.append(line)
            origins.append(
                c.origins[i]
                if i < len(c.origins)
                else (c.origins[-1][0] if c.origins else 1, c.origins[-1][1] if c.origins else None)
            )
    return CodeModule(lines, origins)


def parse_module(
    doc: Document, module: CodeModule
) -> tuple[list[ast.Module], list[tuple[int, int, SyntaxError]], list[int]]:
    """(trees, cells that could not be parsed at all, lines rewritten to parse the rest)."""
    try:
        return [ast.parse("\n".join(module.lines) + "\n")], [], []
    except SyntaxError:
        pass
    try:
        tree, repaired = parse_tolerant(module.lines)
        return [tree], [], repaired
    except SyntaxError:
        return _parse_cells(doc, module)


def _parse_cells(
    doc: Document, module: CodeModule
) -> tuple[list[ast.Module], list[tuple[int, int, SyntaxError]], list[int]]:
    """Cell by cell (each repaired as far as it can be); cells that parse are analysed
    together, at their place."""
    good_lines = [""] * len(module.lines)
    failed: list[tuple[int, int, SyntaxError]] = []
    repaired: list[int] = []
    start = 0
    for cell in doc.code:
        n = len(cell.text.split("\n")) - (1 if cell.text.endswith("\n") else 0)
        chunk = module.lines[start : start + n]
        try:
            _, fixed = parse_tolerant(chunk)
            good_lines[start : start + n] = chunk
            for i in fixed:
                good_lines[start + i] = repair_line(chunk[i]) if chunk[i].strip() else ""
            repaired += [start + i for i in fixed]
        except (SyntaxError, RecursionError, MemoryError) as err:
            if not isinstance(err, SyntaxError):
                err = SyntaxError("too deeply nested")
            failed.append((start, start + n, err))
        start += n
    try:
        tree, more = parse_tolerant(good_lines)
        return [tree], failed, sorted(set(repaired + more))
    except (SyntaxError, RecursionError, MemoryError):
        return [], failed, repaired


def _where(module: CodeModule, idx: int) -> tuple[int, int | None, str]:
    line, cell = module.origins[idx] if module.origins else (1, None)
    return line, cell, f"cell {cell}, line {line}" if cell else f"line {line}"


def repaired_notice(path: str, module: CodeModule, repaired: list[int]) -> Notice:
    line, cell, where = _where(module, min(repaired))
    more = f" and {len(repaired) - 1} more line(s)" if len(repaired) > 1 else ""
    return Notice(
        path,
        NoticeKind.SYNTAX_ERROR,
        f"Python {sys.version_info[0]}.{sys.version_info[1]} cannot parse {where}{more} (newer or "
        "older syntax, a magic, a mis-indented block); the rest was analysed on its syntax tree, "
        "those lines by a line-based scan",
        line=line,
        cell=cell,
    )


def failed_notice(path: str, module: CodeModule, start: int, end: int, err: SyntaxError) -> Notice:
    idx = min(start + (err.lineno or 1) - 1, end - 1) if end > start else 0
    line, cell, where = _where(module, idx)
    return Notice(
        path,
        NoticeKind.SYNTAX_ERROR,
        f"Python syntax error at {where} ({err.msg}); used a lighter line-based scan there",
        line=line,
        cell=cell,
    )


def comment_lines(module: CodeModule) -> set[tuple[int, int | None]]:
    """Positions of `#` comments that mention cosaudit (tokenized only when one might exist: a line
    with `cosaudit` after a `#`; docstrings that name the tool do not count)."""
    if not any("cosaudit" in line and "#" in line and "cosaudit" in line[line.index("#") :] for line in module.lines):
        return set()
    out: set[tuple[int, int | None]] = set()
    text = "\n".join(module.lines) + "\n"
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.COMMENT and "cosaudit" in tok.string:
                out.add(module.origins[tok.start[0] - 1])
    except (tokenize.TokenError, SyntaxError, IndentationError):
        for i, line in enumerate(module.lines):  # unparsable code
            comment = _comment_of(line)
            if comment is not None and "cosaudit" in comment:
                out.add(module.origins[i])
    return out


def _comment_of(line: str) -> str | None:
    """The text after a line's first '#' outside quotes (a cheap reading, without tokenizing), or None."""
    pos = line.find("#")
    if pos < 0 or line[:pos].count('"') % 2 or line[:pos].count("'") % 2:
        return None
    return line[pos + 1 :]


# A comment that says its line's value is the head's weights: a layer named as the output one, or rows
# counted per class, beside a word for weights (`# last layer's weights`, `# linear layer weight, one row
# per emotion`, `# shape (n_classes, d): the classifier`). Features of the last layer name no weights.
_HEAD_LAYER = re.compile(
    r"\b(?:(?:last|final|output|top|classification|softmax|readout)[- _](?:linear[- ]|dense[- ]|fc[- ])?"
    r"(?:layer|head|linear|fc|dense)|classifier|lm[_ ]?head|unembedding|fc[- _]layer)\b",
    re.I,
)
_WEIGHT_WORD = re.compile(r"\b(?:weights?|kernel)\b", re.I)
_PER_CLASS = re.compile(
    r"\b(?:row|vector)s?\s+(?:per|for\s+(?:each|every))\s+(?:[a-z]+[\s-]){0,2}?"
    r"(?:class|label|emotion|categor(?:y|ies))(?:es|s)?\b"
    r"|[(\[]\s*(?:n|num|number_of)_?(?:classes|labels)\s*[,x\u00d7]",
    re.I,
)


# the layer a comment names is the output one by its role, not by its place (`# last layer` may close
# a transformer block)
_OUTPUT_ROLE = re.compile(r"softmax|classif|output|readout|lm[_ ]?head|unembedding", re.I)
# a comment that sets the line's value apart from the head (`# input table, not the lm_head`)
_NOT_THE_HEAD = re.compile(r"\b(?:not|no|tied|input|inputs|embeddings?|features?|activations?|bias)\b", re.I)


def _names_head_weights(comment: str, code: str = "") -> bool:
    """Also a shape counted per class on a line whose code reads a weight (`rows = state["net.4.weight"]
    # [n_classes, hidden]`), and the output layer named by its role on a line whose code reads a kernel
    or a weight (`rows = load_variable(ckpt, "dense_2/kernel")  # the softmax head`); a layer named by
    its place alone is not enough there (`# last layer` of a transformer block)."""
    layer, per_class = _HEAD_LAYER.search(comment), _PER_CLASS.search(comment)
    by_role = layer is not None and _OUTPUT_ROLE.search(layer.group(0)) and not _NOT_THE_HEAD.search(comment)
    weight = _WEIGHT_WORD.search(comment) or ((per_class or by_role) and _WEIGHT_WORD.search(code))
    return bool((layer or per_class) and (weight or (layer and per_class)))


def head_comment_lines(module: CodeModule) -> frozenset[int]:
    """1-based lines of code whose own comment says the value bound there is the head's weights
    (`W = np.load(p)  # last layer weights, one row per class`). A comment line above the code is not
    read: it often describes a whole block (`# quiet: input embeddings, the unembedding's weights`)."""
    out: set[int] = set()
    for i, line in enumerate(module.lines):
        comment = _comment_of(line) if "#" in line else None
        code = line[: len(line) - len(comment) - 1] if comment is not None else ""
        if comment is not None and line.lstrip()[:1] != "#" and _names_head_weights(comment, code):
            out.add(i + 1)
    return frozenset(out)


def light_scan(module: CodeModule, start: int, end: int) -> list[Event]:
    events = []
    for i in range(start, end):
        line = module.lines[i]
        m = _LIGHT_SOURCE.search(line)
        s = _LIGHT_SINK.search(line)
        if m and s:
            t = Taint(LABEL, VEC, confidence="medium", source=m.group(0))
            events.append(Event("cosine", t, t, (i + 1, s.start()), "line scan (syntax error)"))
    return events
