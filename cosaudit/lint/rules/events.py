"""Which code rule an analyser event belongs to, the notes its message carries (how the head
was found, tied or centred by a loader), and the hits the COS1xx rules make of events."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from cosaudit.lint.context import Facts, RuleContext, confidence_of
from cosaudit.lint.model import Severity
from cosaudit.lint.registry import Hit
from cosaudit.lint.rules.common import Said
from cosaudit.lint.taint import INPUT, LABEL, VEC, Derived, Event
from cosaudit.lint.taint.values import EVERY_LAYER_NOTE


def classify(ev: Event, ctx: RuleContext) -> str | None:
    """The one code rule an event belongs to (or None: not a finding)."""
    kinds = {t.kind for t in ev.operands}
    facts = ctx.facts
    if kinds == {INPUT}:
        return _classify_token_rows(ev, facts)
    if ev.ranking:
        return "COS120" if ev.a.kind == LABEL and not facts.sigmoid else None
    if kinds != {LABEL}:
        return None  # e.g. lm_head row vs input-embedding row of the same token: a tie check
    if facts.sigmoid:
        return None
    if ev.kind == "euclid":
        return "COS130"
    a, b = ev.a, ev.b
    assert b is not None
    if ev.kind == "dot" and any(t.why.endswith(EVERY_LAYER_NOTE) for t in ev.operands):
        return None  # every layer's Gram (an orthogonality penalty): the output layer is one among many
    if a.root and b.root and a.root != b.root:
        return "COS140"
    if a.whitened or b.whitened:
        return "COS111"
    if a.centered and b.centered:
        return "COS110"
    return "COS101" if ev.kind == "cosine" else "COS102"


def table_tie(ev: Event, facts: Facts) -> tuple[bool, bool]:
    """Is the input table an event compares tied to the head, and with learned positions beside it?
    The file's evidence, unless the table's own model says otherwise."""
    tables = [t for t in ev.operands if t.kind == INPUT]
    kinds = {facts.tie_of.get(t.root or "") for t in tables}
    if len(kinds) == 1 and None not in kinds:
        # the table's own model, loaded by name in the file (`t5 = T5….from_pretrained("t5-large")`):
        # its kind of tie decides, not another model the file also loads (a GPT-2 scorer beside it)
        kind = kinds.pop()
        return kind != "none", kind == "positions"
    if tables and facts.gpt2_named and all(_WTE.search(t.source or "") for t in tables):
        return True, True  # GPT-2's own `wte`, in a file about GPT-2
    if tables and all(_EXPORT.search(t.source or "") for t in tables):
        return True, True  # a table exported in word2vec's format from a file named for GPT-2 or BERT
    return facts.tied, facts.tied_positions


def _classify_token_rows(ev: Event, facts: Facts) -> str | None:
    """Token rows of an input table: the head's rows only when tied to it (with learned positions, or
    with prose about predictions)."""
    if all(t.centered for t in ev.operands):
        return "COS110"  # token rows centred over the vocabulary by the code: the translation is gone
    if ev.kind == "euclid":
        return None  # distances between token rows: a translation of the rows leaves them alone
    tied, positions = table_tie(ev, facts)
    if ev.ranking:
        # one vector ranked against the token rows of a tied model with learned positions, the scores
        # then ranked or shown (nearest tokens): not scores multiplied on through the model's weights
        shown = any(d.kind == "display" for d in ev.derived)
        # an analogy's target (`king - man + woman`) ranked against the rows compares rows, shown or not
        return "COS150" if positions and (shown or ev.analogy) and not facts.sigmoid else None
    return "COS150" if (tied and facts.output_talk) or positions else None


# GPT-2's name for its token table (`sd["wte.weight"]`, `model.transformer.wte.weight`)
_WTE = re.compile(r"(?:^|\.)wte(?:\.weight)?$")
# the source `word2vec_export` gives the tables it recognises by their file's name
_EXPORT = re.compile(r"\bload_word2vec_format\(")


def _events(ctx: RuleContext, code: str) -> Iterator[Event]:
    for ev in ctx.events:
        if classify(ev, ctx) == code:
            yield ev


def _loader_centred(ev: Event) -> bool:
    """Is every operand TransformerLens' `W_U` as `from_pretrained` left it (centred, with the final
    LayerNorm folded in, by the loader rather than by the code)?"""
    return all(t.loader_centered for t in ev.operands)


# a Hugging Face model's own head (TransformerLens' `W_U` is an untied copy, whatever the checkpoint)
_HF_HEAD_SOURCE = re.compile(r"lm_head|get_output_embeddings|embed_out")


def tie_note(ctx: RuleContext, ev: Event) -> str:
    """A language model's head tied to its input embeddings (the file loads a checkpoint known to be
    tied): say which equivalent model exists (design.md), as `cosaudit flip` would write it."""
    tied = ctx.facts.tied_checkpoints
    if not tied or not all(_HF_HEAD_SOURCE.search(t.source or "") for t in ev.operands):
        return ""
    if tied == "positions":
        return (
            "; the head is tied to the token embeddings, and the equivalent model keeps the tie "
            "(token rows + c, position rows − c)"
        )
    return (
        "; the head is tied to the input embeddings, so the equivalent model unties it "
        "(the input rows stay as they are, every probability is the same)"
    )


def loader_note(ev: Event) -> str:
    if not _loader_centred(ev):
        return ""
    return (
        "; TransformerLens centred `W_U` and folded the final LayerNorm into it on load "
        "(`from_pretrained` defaults), so the value is one convention among many"
    )


def lens_subject(ev: Event) -> str:
    if ev.a.orient == VEC:  # vectors against one label's row
        return "cosine with one label representation"
    return "one vector ranked by cosine against every label representation"


def source_of(ev: Event) -> str:
    names = sorted({t.source for t in ev.operands if t.source})
    via = f" through helper `{ev.helper}()`" if ev.helper else ""
    return (" of `" + "`, `".join(names) + "`" if names else "") + via + _role_note(ev)


def _role_note(ev: Event) -> str:
    """Why a matrix recognised by its role in the code was taken for a head."""
    whys = sorted({t.why for t in ev.operands if t.why})
    return " (taken for a head because " + "; ".join(whys) + ")" if whys else ""


def _by_role(ev: Event) -> bool:
    """Is the head known only by its role in the code (weaker evidence: a warning)?"""
    return any(t.why for t in ev.operands)


def _hit(
    ctx: RuleContext,
    ev: Event,
    said: Said,
    severity: Severity | None = None,
    pos: tuple[int, int] | None = None,
) -> Hit:
    """A hit at `pos` (default: the event's own position), as confident as the event."""
    line, col, cell = ctx.locate(ev.pos if pos is None else pos)
    return Hit(line, col, cell, said.text, severity, confidence_of(ev), said.seen)


def _no_override(ev: Event) -> Severity | None:
    return None


def event_hits(
    ctx: RuleContext,
    code: str,
    seen: Callable[[Event], str],
    why: str,
    fix: str,
    severity: Callable[[Event], Severity | None] = _no_override,
) -> Iterator[Hit]:
    """One hit per event of rule `code`: `seen(ev)`: why. Instead, fix."""
    for ev in _events(ctx, code):
        yield _hit(ctx, ev, Said(seen(ev), why, fix), severity(ev))


def derived_hits(
    ctx: RuleContext, kind: str, seen: Callable[[Event, Derived], str], why: str, fix: str
) -> Iterator[Hit]:
    """One hit per use of kind `kind` ("display" / "behaviour") of a COS101/COS102 result,
    reported at the place of use; info, as the similarity itself, when the file shows a normalised
    head."""
    severity_of = pair_severity(ctx)
    for ev in ctx.events:
        if classify(ev, ctx) not in ("COS101", "COS102"):
            continue
        severity = severity_of(ev)
        for d in ev.derived:
            if d.kind == kind:
                said = Said(seen(ev, d) + loader_note(ev), why, fix)
                yield _hit(ctx, ev, said, severity, d.pos)


def pair_severity(ctx: RuleContext) -> Callable[[Event], Severity | None]:
    """Severity override: info when the file shows a normalised (cosine) head; a warning when the
    head was centred by TransformerLens' loader rather than by the code."""

    def severity(ev: Event) -> Severity | None:
        if ctx.facts.normalised_head:
            return Severity.INFO
        return Severity.WARNING if _loader_centred(ev) or _by_role(ev) or ev.by_name else None

    return severity
