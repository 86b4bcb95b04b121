"""COS2xx: claims in prose (Markdown, reStructuredText, LaTeX, notebook markdown, docstrings)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from cosaudit.lint.context import RuleContext
from cosaudit.lint.model import Confidence, Severity
from cosaudit.lint.prose import ProseHit
from cosaudit.lint.registry import Hit, rule
from cosaudit.lint.rules.common import FIX_PROSE, WHY_TRANSLATION, Said

_LIST_MARKER = re.compile(r"^(?:[-*+>]|\d+[.)])\s+")
_MARKUP = re.compile(r"</?[A-Za-z][\w-]*(?:\s[^<>]*)?/?>|\*\*|__|`")


def _quote(text: str, limit: int = 80) -> str:
    """The sentence as a reader sees it: no list marker, HTML tags or emphasis markup."""
    text = _LIST_MARKER.sub("", _MARKUP.sub("", " ".join(text.split())))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _prose_hits(ctx: RuleContext, code: str) -> Iterator[ProseHit]:
    return (h for h in ctx.prose_hits if h.code == code)


def _hit(h: ProseHit, said: Said, severity: Severity | None = None) -> Hit:
    """A hit at the prose hit's place; prose findings are always low confidence."""
    return Hit(h.line, h.column, h.cell, said.text, severity, Confidence.LOW, said.seen)


@rule("COS201", "label-cosine-probability-claim", Severity.ERROR, "prose")
def label_cosine_probability_claim(ctx: RuleContext) -> Iterator[Hit]:
    """Prose that reads label-representation cosine or alignment as behaviour.

    ## What it does
    Flags sentences that name label representations (unembeddings, `lm_head` rows, `W_U`, class or
    classifier weights) *and* a geometric relation (cosine, angle, aligned, nearest …) *and* draw a
    behavioural or semantic conclusion (probabilities, predicted together, confusion, semantic or
    morphological similarity), or link them with a causal connector ("because", "explains",
    "shows that"). Hedged sentences ("we hypothesise", "may") are warnings; sentences that negate
    or refute the reading ("does not tell", "translation", "naive theory", "identifiable") and
    sections about sigmoid / multi-label heads are not flagged.

    ## Why is this a problem?
    An equivalent model with exactly the same probabilities can give the two labels any cosine,
    so the geometry cannot be the reason for, or evidence of, any behaviour.

    ## Example
    ```markdown
    Because the unembeddings of "cat" and "dog" have cosine 0.8, the model predicts them together.
    ```

    ## Use instead
    ```markdown
    "cat" and "dog" can tie for the top prediction (`cosaudit neighbours`), and their
    probabilities correlate at r = 0.7 over the test set.
    ```

    ## References
    - README.md, opening section; docs/check.md, "What is checked".
    """
    for h in _prose_hits(ctx, "COS201"):
        yield _hit(
            h,
            Said(
                f"prose links the geometry of label representations ('{h.relation}') to "
                f"behaviour or meaning ('{h.claim}'): \"{_quote(h.text)}\""
                + (" — hedged, so a warning" if h.hedged else ""),
                WHY_TRANSLATION,
                FIX_PROSE,
            ),
            Severity.WARNING if h.hedged else None,
        )


@rule("COS202", "label-cosine-reported-without-caveat", Severity.WARNING, "prose")
def label_cosine_reported_without_caveat(ctx: RuleContext) -> Iterator[Hit]:
    """Prose reporting label-representation cosines or "nearest labels" without a caveat.

    ## What it does
    Flags sentences that report a cosine, angle or nearest-neighbour list of label representations
    without drawing a conclusion, when the same section has no caveat (translation invariance,
    centering, identifiability, differences of rows).

    ## Why is this a problem?
    Readers take reported similarities as properties of the model; without the caveat they will
    draw the conclusion the text avoided.

    ## Example
    ```markdown
    The nearest tokens to "king" in unembedding space are "queen" and "prince".
    ```

    ## Use instead
    Report tie-able labels (`cosaudit neighbours`) or measured co-variation of probabilities; if
    the cosines stay, add that they change under a translation of the head that leaves every
    probability unchanged.

    ## References
    - docs/check.md, "What is checked".
    """
    for h in _prose_hits(ctx, "COS202"):
        yield _hit(
            h,
            Said(
                f"prose reports label-representation geometry ('{h.relation}') without a "
                f'caveat: "{_quote(h.text)}"',
                WHY_TRANSLATION,
                "add that caveat in this section, or report tie-able labels (`cosaudit "
                "neighbours`) or measured probabilities instead",
            ),
        )


@rule("COS203", "label-cosine-formula", Severity.WARNING, "prose")
def label_cosine_formula(ctx: RuleContext) -> Iterator[Hit]:
    """A formula that defines cosine over unembeddings or class weights.

    ## What it does
    Flags LaTeX or Markdown math such as `\\cos(\\gamma(a), \\gamma(b))`,
    `\\frac{u_i^\\top u_j}{\\|u_i\\|\\|u_j\\|}` or `\\arccos(...)` when the vectors are label
    representations (named in the formula or in the same section).

    ## Why is this a problem?
    The quantity being defined is not determined by the model (see COS101); a paper that defines it
    usually goes on to interpret it.

    ## Example
    ```latex
    s(a, b) = \\cos(\\gamma(a), \\gamma(b))   % γ: unembedding
    ```

    ## Use instead
    Define identifiable quantities: differences `\\gamma(a) - \\gamma(b)`, tie-ability, or
    probabilities on data; or define the centered cosine and state what it does not remove.

    ## References
    - docs/check.md, "What is checked".
    """
    for h in _prose_hits(ctx, "COS203"):
        yield _hit(
            h,
            Said(
                f'formula defines a cosine over label representations ("{_quote(h.text)}")',
                WHY_TRANSLATION,
                "define differences of label vectors, tie-ability or measured probabilities "
                "instead",
            ),
        )
