"""The engine: files → documents → analyses → rules → suppressions → a CheckResult.

Library code: raises cosaudit errors for bad input (a missing path), never prints. Files that
cannot be checked become notices and the scan goes on.
"""

from __future__ import annotations

import ast
import bisect
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from cosaudit.errors import InputError
from cosaudit.lint import patterns as P
from cosaudit.lint.code_module import (
    CodeModule,
    comment_lines,
    failed_notice,
    head_comment_lines,
    join_cells,
    light_scan,
    parse_module,
    repaired_notice,
    too_complex,
)
from cosaudit.lint.config import CheckConfig, Configs
from cosaudit.lint.context import Facts, RuleContext
from cosaudit.lint.formats import reader_for
from cosaudit.lint.formats.interface import (
    Document,
    DocumentKind,
    Paragraph,
)
from cosaudit.lint.head_evidence import normalised_head
from cosaudit.lint.imports import FileImports, ModuleIndex
from cosaudit.lint.model import CheckResult, Confidence, Finding, Notice, NoticeKind, Severity
from cosaudit.lint.prose import analyse_prose
from cosaudit.lint.reading import parse_document, read_document
from cosaudit.lint.registry import Hit, Rule, all_rules
from cosaudit.lint.suppress import apply_suppressions, parse_suppressions
from cosaudit.lint.taint import Event, analyse
from cosaudit.lint.taint.syntax import nested_statements
from cosaudit.lint.walk import discover

_CAVEAT = re.compile(
    r"translation|invarian|(?<!\\)\bcent(?:er|re|r)(?:ed|ing)\b|identifiab|differences? of|"
    r"\bw_a\s*-\s*w_b|logit[- ]diff",
    re.I,
)
_DOCSTRING = re.compile(r"(?s)(\"\"\"|\'\'\').*?\1")


def _sigmoid_head(code_text: str, live_code: str) -> bool:
    """Is the head read label by label (a multi-label / sigmoid loss, or a ReLU readout renormalised by
    its sum), so that no shared translation of its rows leaves its outputs alone? Not when the code also
    trains it with a softmax cross-entropy (`loss_fn = multilabel_loss if dialogue else
    nn.CrossEntropyLoss()`): one of its configurations is a softmax head."""
    if _non_softmax_readout(live_code):
        return True
    if P.PROBABILITY_BCE.search(live_code) and not P.ANY_SOFTMAX.search(_bare(live_code)):
        return True
    if not P.SIGMOID_EVIDENCE.search(code_text):
        return False
    return not _SOFTMAX_LOSS.search(_bare(live_code))


def _bare(code: str) -> str:
    """The code without its docstrings and one-line strings: a note naming a loss is not the loss."""
    return _STRING.sub('""', _DOCSTRING.sub('""', code))


def _non_softmax_readout(code: str) -> bool:
    """Does a module of the file read its scores through a ReLU or a sigmoid renormalised by their sum,
    with no softmax in the code? Docstrings do not count: "outputs rescaled to sum to one (no softmax)"
    says what the code does not do, while `activation="softmax"` stays."""
    return bool(P.NON_SOFTMAX_READOUT.search(code)) and not P.SOFTMAX_WORD.search(_DOCSTRING.sub('""', code))


# a one-line string literal (blanked before looking for calls: a note naming a loss is not the loss)
_STRING = re.compile(r"\"[^\"\n]*\"|'[^'\n]*'")
# a softmax cross-entropy the code trains with (a call, not a word in a string or a comment)
_SOFTMAX_LOSS = re.compile(r"\b(?:nn\.)?CrossEntropyLoss\(|\bF\.cross_entropy\(|\bnll_loss\(|\bNLLLoss\(")
# a script in cells (`# %%`, `#%% imports`, `# In[3]:`): run a cell at a time, by hand
_CELL_MARK = re.compile(r"^\s*#\s*(?:%%|In\[\s*\d*\s*\]:)")
# GPT-2 by name, in any text of the file ("gpt2-medium", "GPT-2 small", "distilgpt2")
_GPT2_NAME = re.compile(r"\b(?:distil)?gpt-?2\b", re.I)
# GPT-2's learned-position table by its own name (`model.transformer.wpe(pos)`, `sd["wpe.weight"]`):
# a model laid out as GPT-2 / nanoGPT is, whose `wte` is tied to the head
_GPT2_LAYOUT = re.compile(r"\bwpe\b")
# `transformer.wte` is GPT-2's and nanoGPT's path to their tied token table: such a model, unless the file
# says its positions are rotary or ALiBi, or names a family that keeps the path without the tie or without
# learned positions (minGPT, nanochat, GPT-J, CodeGen, Qwen-1, MPT, OLMo-1 and LLaDA built on it, Jais)
_GPT2_PATH = re.compile(r"\btransformer\.wte\b")
_LM_HEAD = re.compile(r"\.lm_head\b")
_NOT_GPT2_LAYOUT = re.compile(r"\b(?:rotary|rope|alibi|mingpt|nanochat|gpt-?j|codegen|qwen|mpt|olmo|llada|jais)", re.I)
_OUTPUT_TALK = re.compile(
    r"predict|prediction|next[- ]token|output|probabilit|\blogits?\b|generat", re.I
)


def _assumed_gpt2(live_code: str, texts: tuple[str, str], imported_classes: set[str]) -> bool:
    """`model.transformer.wte` with nothing to say otherwise: GPT-2's or nanoGPT's table. An `lm_head`
    read beside it (a head of the model's own, perhaps untied: nanochat) says otherwise, and so does a
    model class of the scan that the file imports and that learns positions without the tie."""
    if not _GPT2_PATH.search(live_code) or _LM_HEAD.search(live_code):
        return False
    if any(_NOT_GPT2_LAYOUT.search(text) for text in texts):  # the code, then the prose
        return False
    return "learned positions" not in imported_classes or "tied positions" in imported_classes


@dataclass
class _CodeAnalysis:
    """What the syntax trees of a document's code gave."""

    events: list[Event] = field(default_factory=list)
    prose: list[Paragraph] = field(default_factory=list)  # strings read as prose
    comments: list[str] = field(default_factory=list)
    imported_classes: set[str] = field(default_factory=set)  # what classes of other scanned modules show


class DocumentChecker:
    """Checks one document with a fixed set of enabled rules."""

    def __init__(self, rules: list[Rule], enabled: set[str]):
        self.rules = [r for r in rules if r.code in enabled]
        self.enabled = enabled
        self.known = {r.code for r in rules}

    def check(self, doc: Document, imports: FileImports | None = None) -> tuple[list[Finding], list[Notice]]:
        """`imports`: the other modules of the scan as this file sees them (`ModuleIndex.for_file`)."""
        notices: list[Notice] = []
        module = join_cells(doc.code)

        def locate(pos: tuple[int, int]) -> tuple[int, int, int | None]:
            line, col = pos
            idx = min(max(line - 1, 0), max(len(module.origins) - 1, 0))
            if not module.origins:
                return (1, 1, None)
            text = module.lines[idx]
            col_chars = len(text.encode("utf-8")[:col].decode("utf-8", errors="ignore"))
            oline, cell = module.origins[idx]
            return (oline, col_chars + 1, cell)

        code = _CodeAnalysis()
        if module.lines:
            code = self._analyse_code(doc, module, notices, imports)
        events, extra_prose, comments = code.events, code.prose, code.comments
        code_text = "\n".join(module.lines)
        # a normalised head is the code's own: `logit_scale` in a commented-out line is no evidence
        live_code = "\n".join(line for line in module.lines if not line.lstrip().startswith("#"))
        prose_text = " ".join(t for p in doc.prose + extra_prose for t, _, _ in p.lines)
        named_positions = bool(P.TIED_POSITIONS_EVIDENCE.search(code_text)) or "tied positions" in code.imported_classes
        gpt2_named = bool(
            _GPT2_NAME.search(code_text) or _GPT2_NAME.search(prose_text) or _GPT2_LAYOUT.search(live_code)
        )
        gpt2_assumed = not gpt2_named and _assumed_gpt2(live_code, (code_text, prose_text), code.imported_classes)
        assumed_positions = not named_positions and _unnamed_masked_lm(live_code)
        facts = Facts(
            sigmoid=_sigmoid_head(code_text, live_code),
            normalised_head=normalised_head(live_code, events, code.imported_classes),
            tied=bool(P.TIE_EVIDENCE.search(code_text)),
            tied_checkpoints=_tied_checkpoints(live_code),
            tied_positions=named_positions or assumed_positions,
            tied_positions_assumed=assumed_positions,
            tie_of=_ties_by_variable(live_code),
            gpt2_named=gpt2_named or gpt2_assumed,
            gpt2_assumed=gpt2_assumed,
            output_talk=bool(_OUTPUT_TALK.search(prose_text + " " + " ".join(comments))),
            caveat=bool(_CAVEAT.search(prose_text + " " + " ".join(comments))),
        )
        centres = ".mean(" in live_code and bool(P.CENTRING_CODE.search(live_code))
        # a model tied without learned positions (ESM-2, Gemma, T5): its docstrings' embedding tables are no head
        untied = bool(extra_prose) and not named_positions and _untied_model_named(live_code)
        prose_hits = analyse_prose(doc.prose, extra_prose, centres, untied)
        ctx = RuleContext(doc, events, locate, prose_hits, facts)
        findings = self._run(ctx, ("code", "prose"), doc)
        code_lines = set(module.origins)
        sups = parse_suppressions(doc, self.known, code_lines, comment_lines(module))
        for s in sups:
            s.enabled = set(self.enabled)
        findings = apply_suppressions(findings, sups)
        ctx.findings = findings
        findings += apply_suppressions(self._run(ctx, ("file",), doc), sups)
        ctx.suppressions = sups
        findings += self._run(ctx, ("suppression",), doc)
        return _with_snippets(findings, doc), notices

    def _run(self, ctx: RuleContext, stages: tuple[str, ...], doc: Document) -> list[Finding]:
        # one finding per rule and place: the most severe of its hits there (a helper called once on
        # the centred rows and once on the raw rows reports the raw rows' cosine, not the centred one's)
        at: dict[tuple[str, int, int, int | None], Finding] = {}
        for r in self.rules:
            if r.stage not in stages:
                continue
            for h in r.check(ctx):
                key = (r.code, h.line, h.column, h.cell)
                found = _finding(r, h, doc.path)
                if key not in at or found.severity.rank > at[key].severity.rank:
                    at[key] = found
        return list(at.values())

    def _analyse_code(
        self, doc: Document, module: CodeModule, notices: list[Notice], imports: FileImports | None
    ) -> _CodeAnalysis:
        out = _CodeAnalysis(comments=[ln.split("#", 1)[1] for ln in module.lines if "#" in ln])
        try:
            trees, failed, repaired = parse_module(doc, module)
        except (RecursionError, MemoryError):
            notices.append(too_complex(doc.path, "parse"))
            out.events = light_scan(module, 0, len(module.lines))
            return out
        context = " ".join(t for par in doc.prose for t, _, _ in par.lines)
        cells = doc.kind == DocumentKind.NOTEBOOK or any(_CELL_MARK.match(ln) for ln in module.lines)
        commented = head_comment_lines(module)
        for index, tree in enumerate(trees):
            try:
                helpers, heads = (imports.helpers, imports.class_heads(tree)) if imports else (None, None)
                found, strings = analyse(tree, context, helpers, cells=cells, heads=heads, commented_heads=commented)
            except RecursionError:
                notices.append(too_complex(doc.path, "analyse"))
                out.events += light_scan(module, 0, len(module.lines))
                continue
            out.events += found
            out.prose += _strings_as_prose(strings, module, _function_sections(tree, index))
            if imports is not None:
                out.imported_classes |= imports.class_evidence(tree)
        if repaired:
            notices.append(repaired_notice(doc.path, module, repaired))
            for idx in repaired:
                out.events += light_scan(module, idx, idx + 1)
        for start, end, err in failed:
            notices.append(failed_notice(doc.path, module, start, end, err))
            out.events += light_scan(module, start, end)
        return out

def _with_snippets(findings: list[Finding], doc: Document) -> list[Finding]:
    """Each finding with the text of its line (whitespace collapsed)."""
    if not findings:
        return findings
    text = {(line, cell): t for t, line, cell in doc.raw_lines}
    return [replace(f, snippet=" ".join(text.get((f.line, f.cell), "").split())) for f in findings]


def _finding(r: Rule, h: Hit, path: str) -> Finding:
    return Finding(
        r.code,
        h.severity or r.severity,
        path,
        h.line,
        h.column,
        h.message,
        h.cell,
        h.confidence,
        summary=h.summary,
    )


def _function_defs(nodes: list[ast.AST]) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    """Every function defined among these statements, nested ones too."""
    for node in nested_statements(nodes):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node


def _function_sections(tree: ast.Module, offset: int) -> Callable[[int], int]:
    """The prose section of a string at a line: the innermost function around it (its docstring
    and what it prints read as one section, so the docstring's caveat covers them), or the module."""
    spans = sorted((n.lineno, n.end_lineno or n.lineno) for n in _function_defs(list(tree.body)))
    starts = [start for start, _ in spans]
    base = -1_000_000 * (offset + 1)  # apart from the document's own sections and other trees'

    def section(line: int) -> int:
        # the innermost function around `line` is the one that starts last before it and still contains it
        for i in range(bisect.bisect_right(starts, line) - 1, -1, -1):
            if spans[i][1] >= line:
                return base - 1 - i
        return base

    return section


def _strings_as_prose(
    strings: list[ast.Constant], module: CodeModule, section_of: Callable[[int], int]
) -> list[Paragraph]:
    """Docstrings and long strings passed to print / st.markdown / Markdown(...) are prose."""
    out: list[Paragraph] = []
    seen: set[int] = set()
    for node in strings:
        section = section_of(node.lineno)
        value = node.value
        if id(node) in seen or not isinstance(value, str) or len(value) < 30:
            continue
        seen.add(id(node))
        lines: list[tuple[str, int, int | None]] = []
        in_fence = False
        for k, chunk in enumerate(value.split("\n")):
            idx = node.lineno - 1 + k
            if chunk.strip().startswith(("```", "~~~")):
                in_fence = not in_fence
                chunk = ""
            if in_fence or not chunk.strip():
                if lines:
                    out.append(Paragraph(lines, section=section))
                lines = []
            elif 0 <= idx < len(module.origins):
                line, cell = module.origins[idx]
                lines.append((chunk, line, cell))
        if lines:
            out.append(Paragraph(lines, section=section))
    return out


def _display_path(path: Path, cwd: Path) -> str:
    p = os.path.abspath(path)
    try:
        rel = os.path.relpath(p, cwd)
    except ValueError:
        return Path(p).as_posix()
    if rel.startswith(".."):
        return Path(p).as_posix()
    return Path(rel).as_posix()


def _tied_checkpoints(code: str) -> str:
    """How the checkpoints that the code loads by name are tied, when they all are, in one way."""
    if "from_pretrained" not in code:
        return ""  # most files load nothing by name: no regex scan
    loaded = P.LOADED_CHECKPOINT.findall(code)
    kinds = {P.tie_kind(name) for owner, name in loaded if not owner.endswith(("Tokenizer", "Processor"))}
    return kinds.pop() if len(kinds) == 1 else ""


def _unnamed_masked_lm(code: str) -> bool:
    """A masked LM loaded by a name the file does not give, in a file that names no checkpoint of another
    kind (a T5, a DeBERTa): most masked LMs tie their head to the token table beside learned positions."""
    if "AutoModelForMaskedLM" not in code or not P.UNNAMED_MASKED_LM.search(code):
        return False
    return not _untied_model_named(code)


def _untied_model_named(code: str) -> bool:
    """Does the code name a model tied without learned positions (ESM-2, DeBERTa, T5, Gemma)?"""
    return bool(P.MASKED_LM_WITHOUT_POSITIONS.search(code) or P.TIED_WITHOUT_POSITIONS.search(code))


def _ties_by_variable(code: str) -> dict[str, str]:
    """How the checkpoint a variable is loaded from by name is tied (`t5 = T5….from_pretrained(
    "t5-large")`: "untie"), for variables every load of which agrees (a name rebound to a GPT-2 and to
    a T5 in two branches tells nothing)."""
    kinds: dict[str, set[str]] = {}
    if "from_pretrained" not in code:
        return {}
    for var, name in P.BOUND_CHECKPOINT.findall(code):
        kinds.setdefault(var, set()).add(P.tie_kind(name))
    # a variable loaded by no checkpoint name the file knows is told by its model class
    # (`llama = LlamaForCausalLM.from_pretrained(path)`)
    by_class: dict[str, set[str]] = {}
    for var, cls in P.BOUND_CLASS.findall(code):
        by_class.setdefault(var, set()).add(P.class_tie_kind(cls))
    for var, k in by_class.items():
        if kinds.get(var, {""}) == {""}:
            kinds[var] = k
    return {var: k.pop() for var, k in kinds.items() if len(k) == 1 and "" not in k}


def check_paths(
    paths: list[str], config: CheckConfig | Configs | None = None, *, cwd: Path | None = None
) -> CheckResult:
    """Check files and directories; raises InputError for a path that does not exist.

    `config`: one configuration for every file, or `Configs` (each file's nearest
    `[tool.cosaudit.check]`, like ruff). The run's `fail-on` and rule list are those of the
    configuration that applies to the first path.
    """
    configs, cwd = _configs(config), _cwd(cwd)
    files, unsupported = discover(paths, configs)
    first_path = Path(paths[0] if paths else ".")
    first = configs.for_dir(first_path if first_path.is_dir() else first_path.parent)
    result = CheckResult(selected=tuple(sorted(first.enabled())), fail_on=first.fail_on)
    for p in unsupported:
        result.notices.append(
            Notice(
                _display_path(p, cwd),
                NoticeKind.UNSUPPORTED,
                "not a file type cosaudit checks (.py, .ipynb, .md, .qmd, .rst, .tex); skipped",
            )
        )
    checkers = _Checkers()
    modules = ModuleIndex(files)
    for path in files:
        cfg = configs.for_file(path)
        display = _display_path(path, cwd)
        doc, notice = read_document(path, display, cfg.max_file_size)
        if notice is not None:
            result.notices.append(notice)
        if doc is None:
            continue
        _record(result, checkers.get(cfg, path).check(doc, modules.for_file(path)))
    result.sort()
    return result


def _configs(config: CheckConfig | Configs | None) -> Configs:
    return config if isinstance(config, Configs) else Configs(config or CheckConfig())


def _cwd(cwd: Path | None) -> Path:
    return Path(os.path.abspath(cwd or Path.cwd()))


def _record(result: CheckResult, checked: tuple[list[Finding], list[Notice]]) -> None:
    """One checked document's findings and notices, into the run's result."""
    findings, notices = checked
    result.findings += findings
    result.notices += notices
    result.files_scanned += 1


# what to try when a document given as bytes cannot be checked, by the notice a file would get
_SOURCE_HINTS = {
    NoticeKind.UNSUPPORTED: "name it with a .py, .ipynb, .md, .qmd, .rst or .tex file name",
    NoticeKind.BINARY: "pass the document's text, encoded as UTF-8",
    NoticeKind.UNDECODABLE: "pass the document's text, encoded as UTF-8",
    NoticeKind.MALFORMED_NOTEBOOK: "pass the notebook's JSON as Jupyter saves it, or name Python source .py",
}


def check_source(
    data: bytes, filename: str, config: CheckConfig | Configs | None = None, *, cwd: Path | None = None
) -> CheckResult:
    """Check one document given as bytes (standard input, an editor's buffer, a notebook's string)
    named `filename`: its suffix picks the reader, its folder the configuration (the nearest
    `[tool.cosaudit.check]`) and the per-file ignores, as for a file of that name. Raises InputError
    when the bytes cannot be checked (binary, not UTF-8, a malformed notebook, an unsupported name)."""
    cwd = _cwd(cwd)
    path = cwd / filename
    cfg = _configs(config).for_file(path)
    result = CheckResult(selected=tuple(sorted(cfg.enabled())), fail_on=cfg.fail_on)
    display = _display_path(path, cwd)
    doc, notice = parse_document(path, display, data)
    if doc is None:
        assert notice is not None
        hint = _SOURCE_HINTS.get(notice.kind, "pass the text of a .py, .ipynb, .md, .qmd, .rst or .tex file")
        raise InputError(f"{display}: {notice.message.removesuffix('; skipped')}", hint=hint)
    if notice is not None:
        result.notices.append(notice)
    _record(result, _Checkers().get(cfg, path).check(doc))
    result.sort()
    return result


class _Checkers:
    """One `DocumentChecker` per set of enabled rules (configurations and per-file ignores)."""

    def __init__(self) -> None:
        self.rules = all_rules()
        self._enabled: dict[int, set[str]] = {}
        self._by_codes: dict[frozenset[str], DocumentChecker] = {}

    def get(self, cfg: CheckConfig, path: Path) -> DocumentChecker:
        enabled = self._enabled.get(id(cfg))
        if enabled is None:
            enabled = self._enabled[id(cfg)] = cfg.enabled()
        on = frozenset(enabled - cfg.file_ignores(_display_path(path, Path(os.path.abspath(cfg.root)))))
        checker = self._by_codes.get(on)
        if checker is None:
            checker = self._by_codes[on] = DocumentChecker(self.rules, set(on))
        return checker


def check_text(
    text: str, path: str = "snippet.py", *, enabled: set[str] | None = None
) -> list[Finding]:
    """Check one in-memory document (tests, editors)."""
    reader = reader_for(Path(path))
    if reader is None:
        raise ValueError(f"unsupported file type: {path}")
    doc = reader.read(path, text)
    rules = all_rules()
    checker = DocumentChecker(rules, enabled if enabled is not None else {r.code for r in rules})
    findings, _ = checker.check(doc)
    return sorted(findings, key=Finding.sort_key)


__all__ = ["check_paths", "check_source", "check_text", "read_document", "Severity", "Confidence"]
