"""COS3xx: rules about the file as a whole and about suppressions."""

from __future__ import annotations

from collections.abc import Iterator

from cosaudit.lint.context import RuleContext
from cosaudit.lint.model import Severity
from cosaudit.lint.registry import Hit, rule
from cosaudit.lint.suppress import Suppression

# centered / whitened / distance findings already concern the invariances
_NEEDS_CAVEAT = {"COS101", "COS102", "COS103", "COS104", "COS120", "COS140", "COS150"}


def _at(s: Suppression, text: str) -> Hit:
    """A hit at the suppression comment (or cell tag) `s`."""
    return Hit(s.line, s.column, s.cell, text)


@rule("COS301", "missing-translation-caveat", Severity.INFO, "file")
def missing_translation_caveat(ctx: RuleContext) -> Iterator[Hit]:
    """A file with label-similarity code and no word about translation invariance.

    ## What it does
    Reports, once per file (line 1, first cell of a notebook), files that have COS101–COS104,
    COS120, COS140 or COS150 findings but never mention translation invariance, centering,
    identifiability or differences of rows.

    ## Why is this a problem?
    A reader of the file (or of the figures it makes) has no hint that the numbers depend on an
    arbitrary choice of parametrisation.

    ## Example
    ```python
    sim = F.cosine_similarity(W[a], W[b], dim=0)   # and nothing else in the file
    ```

    ## Use instead
    ```python
    # Cosines of unembeddings are not translation invariant; we report differences of rows.
    ```

    ## References
    - docs/check.md, "Rules".
    """
    if ctx.facts.caveat:
        return
    if any(f.code in _NEEDS_CAVEAT for f in ctx.findings):
        cell = min(ctx.doc.cell_tags) if ctx.doc.cell_tags else None
        yield Hit(
            1,
            1,
            cell,
            "this file computes label-representation similarities but never mentions translation "
            "invariance, centering or differences of rows: the reader cannot tell that the "
            "numbers change "
            "under a translation of the head that leaves every probability unchanged. Instead, "
            "add that "
            "caveat, or switch to differences of rows / tie-ability (`cosaudit neighbours`).",
        )


@rule("COS302", "suppression-without-reason", Severity.INFO, "suppression")
def suppression_without_reason(ctx: RuleContext) -> Iterator[Hit]:
    """A `cosaudit: ignore[...]` comment that gives no reason.

    ## What it does
    Flags suppression comments with nothing after the closing bracket.

    ## Why is this a problem?
    A reviewer cannot tell whether the suppressed finding was checked and judged wrong, or just
    silenced; reasons make suppressions reviewable.

    ## Example
    ```python
    sim = F.cosine_similarity(W[a], W[b], dim=0)  # cosaudit: ignore[COS101]
    ```

    ## Use instead
    ```python
    sim = F.cosine_similarity(W[a], W[b], dim=0)  # cosaudit: ignore[COS101] -- paper's figure 2
    ```

    ## References
    - docs/check.md, "Suppressions".
    """
    for s in ctx.suppressions:
        if not s.reason and not s.from_tag:
            yield _at(
                s,
                f"suppression of {', '.join(s.codes)} gives no reason: a reviewer cannot tell "
                "whether the finding was checked. Instead, write why after the bracket, e.g. "
                "`cosaudit: ignore[COS101] -- reproduces figure 2`.",
            )


@rule("COS303", "unused-suppression", Severity.WARNING, "suppression")
def unused_suppression(ctx: RuleContext) -> Iterator[Hit]:
    """A suppression that suppresses nothing.

    ## What it does
    Flags codes in `cosaudit: ignore[...]` comments (and cell tags) that matched no finding of an
    enabled rule.

    ## Why is this a problem?
    Stale suppressions hide future findings on that line and mislead readers about what the code
    does.

    ## Example
    ```python
    logits = resid @ W_U  # cosaudit: ignore[COS102] -- logit lens
    ```

    ## Use instead
    Remove the suppression (the logit lens is not flagged).

    ## References
    - docs/check.md, "Suppressions".
    """
    for s in ctx.suppressions:
        for code in s.unused:
            yield _at(
                s,
                f"suppression of {code} matches no finding here: it would hide a future finding "
                "on this line. Instead, remove it (or move it to the line of the finding).",
            )


@rule("COS304", "unknown-rule-in-suppression", Severity.WARNING, "suppression")
def unknown_rule_in_suppression(ctx: RuleContext) -> Iterator[Hit]:
    """A suppression that names a rule code cosaudit does not have.

    ## What it does
    Flags codes in `cosaudit: ignore[...]` comments and `cosaudit-ignore[...]` cell tags that are
    not rule codes (`cosaudit rules` lists them).

    ## Why is this a problem?
    A typo in a code silently suppresses nothing, and the finding it was meant for still fails CI —
    or the author believes a finding is suppressed that is not.

    ## Example
    ```python
    sim = cos(W[a], W[b])  # cosaudit: ignore[COS011] -- typo
    ```

    ## Use instead
    ```python
    sim = cos(W[a], W[b])  # cosaudit: ignore[COS101] -- reproduces figure 2
    ```

    ## References
    - docs/check.md, "Suppressions"; `cosaudit rules` lists the codes.
    """
    for s in ctx.suppressions:
        for code in s.unknown:
            yield _at(
                s,
                f"suppression names {code!r}, which is not a cosaudit rule, so it suppresses "
                "nothing. Instead, use a code from `cosaudit rules`.",
            )
