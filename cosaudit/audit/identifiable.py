"""`neighbours`, `argmax`, `patterns`: the questions a head does answer, as report dicts.

Each function takes an opened head and resolved labels, calls `cosaudit.core.geometry` /
`cosaudit.core.patterns`, and returns a JSON-ready dict with a versioned `schema`; the
renderers in `cosaudit.report.identifiable` draw it.

Which hidden states are searched: all of R^d (stated in every report as `space`). A final
soft-cap (cap·tanh(z/cap)) is strictly increasing and keeps signs, so it changes none of
these answers; a final norm before the head is not applied (its outputs span a smaller set,
which the answers do not restrict to).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import numpy as np

from cosaudit.audit._json import margin, num
from cosaudit.audit.reports import ArgmaxReport, NeighboursReport, PatternsReport
from cosaudit.audit.tie_share import mark_tieable, summarise_overlap, tieable_with_share
from cosaudit.core.geometry import (
    ALL,
    HeadGeometry,
    SearchSpace,
    argmax_many,
    head_summary,
)
from cosaudit.core.patterns import patterns as core_patterns
from cosaudit.errors import DataError, UsageError
from cosaudit.load.head import Head, ResolvedLabel

Progress = Callable[[int, int, str], None]

SEMANTICS = {
    "softmax": {
        "argmaxable": "some hidden state makes the label the strict top prediction",
        "tieable": "some hidden state makes the two labels tie for the top, every other label strictly below",
    },
    "sigmoid": {
        "argmaxable": "some hidden state makes the label the only one predicted (p > 0.5 for it, "
        "< 0.5 for every other label)",
        "tieable": "some hidden state makes exactly these two labels predicted (both p > 0.5, every other label < 0.5)",
    },
}

MARGIN_NOTE = (
    "margin: at the witness h, the gap between the top and the best other label, as a "
    "fraction of the witness's logit range (sigmoid: of its largest |logit|); it "
    "depends on the witness found, so it orders answers but is not a property of "
    "the model"
)


WITNESS_ENTRIES = 1 << 22
WITNESS_NOTE = (
    "witnesses are left out of an --all report on a head this large (each is d numbers); "
    "ask for the labels you need with --labels/--ids to get theirs"
)


def _head_arrays(head: Head) -> tuple[np.ndarray, np.ndarray | None]:
    return _finite(head, head.matrix()), head.bias_vector()


def _finite(head: Head, W: np.ndarray) -> np.ndarray:
    if not np.isfinite(W).all():
        bad = np.flatnonzero(~np.isfinite(W).all(axis=1))
        raise DataError(
            f"the head has NaN/Inf in {bad.size} rows (first: {bad[:5].tolist()})",
            where=str(head.path),
            hint="audit a checkpoint with finite weights",
        )
    return W


def _notes(head: Head, W: np.ndarray | None = None, b: np.ndarray | None = None, space: SearchSpace = ALL) -> list[str]:
    notes = []
    if W is not None and W.shape[0] <= W.shape[1] + 1 and space.kind == "all":
        summary = head_summary(W, b)
        if summary["unconstrained"]:
            notes.append(
                f"V = {W.shape[0]} <= d + 1 = {W.shape[1] + 1} and "
                + summary["statement"]
                + "; similarity has to be measured on data (probabilities), not read off the head"
            )
    if head.softcap:
        notes.append(
            f"logits are soft-capped at {head.softcap:g}: the cap keeps every order and "
            "sign, so these answers are those of the uncapped logits"
        )
    if head.final_norm is not None and space.kind == "all" and space.name is None:
        notes.append(
            "a final norm precedes the head: its outputs form a smaller set than R^d; the answers "
            "are for all of R^d (--space norm asks within the norm's outputs)"
        )
    if space.kind == "affine":
        notes.append(
            "answers are for hidden states in " + space.describe(head.shape[1]) + "; a label "
            "that is not argmaxable there may still be argmaxable elsewhere in R^d"
        )
    if space.kind == "box":
        notes.append(
            "answers are for hidden states in " + space.describe(head.shape[1]) + ", where a "
            "bias can keep a label from the top that a larger hidden state would lift"
        )
    return notes


def head_matrix64(head: Head) -> np.ndarray:
    """The whole head as float64, read block by block into one array (no float32 copy beside it)."""
    out = np.empty(head.shape, dtype=np.float64)
    for start, block in head.weight.iter_blocks():
        out[start : start + block.shape[0]] = block
    return _finite(head, out)


def _geometry(head: Head, space: SearchSpace = ALL) -> HeadGeometry:
    W = head_matrix64(head)
    return HeadGeometry(W, head.bias_vector(), head_type=head.head_type, space=space, storage=head.weight.dtype)


def _computed_dtype(head: Head) -> str:
    """What the answers were computed with (the stored values, exactly, in float64)."""
    return f"float64 (from {head.weight.dtype}, exactly)"


def _certificate_json(c: Any) -> dict[str, Any] | None:
    if c is None:
        return None
    ids = sorted(c.weights, key=lambda k: -c.weights[k])
    return {
        "kind": c.kind,
        "ids": [int(k) for k in ids],
        "weights": [float(c.weights[k]) for k in ids],
        "residual": c.residual,
        "bound": c.bound,
        "lp_optimum": c.lp_optimum,
        "note": c.note,
    }


def _answer_json(r: Any, keep_witness: bool = True) -> dict[str, Any]:
    """The evidence of one answer: the witness (yes) or the certificate (no / undecided)."""
    yes = r.verdict == "yes"
    return {
        "verdict": r.verdict,
        "witness": [float(x) for x in r.witness] if yes and keep_witness and r.witness is not None else None,
        "certificate": None if yes else _certificate_json(r.certificate),
        "best_margin": num(r.best_margin, 9),
        "tolerance": r.tolerance,
        "storage_tie": bool(r.storage_tie),
        "note": r.note or None,
    }


def run_neighbours(
    head: Head,
    label: ResolvedLabel,
    *,
    k: int = 10,
    progress: Progress | None = None,
    space: SearchSpace = ALL,
) -> NeighboursReport:
    """Top-k by raw cosine, by centered cosine, and tie-able neighbours by witness margin."""
    from cosaudit.core.cosine import row_stats, vocabulary_pass

    W, b = _head_arrays(head)
    n_valid = head.n_vocab if head.n_vocab else None
    stats = row_stats(W, n_valid)
    raw, cen = vocabulary_pass(W, stats, [label.id], k, n_valid=n_valid)
    g = HeadGeometry(W, b, head_type=head.head_type, space=space, storage=head.weight.dtype)
    nb, every_tieable, share = tieable_with_share(g, label.id, k=k, n_valid=n_valid, progress=progress)

    def cos_list(n: Any) -> list[dict[str, Any]]:
        return [
            {"id": int(i), "label": head.label_of(int(i)), "cosine": num(c)}
            for i, c in zip(n.ids, n.cosines, strict=True)
        ]

    tie = [
        {
            "id": int(r.pair[1]),
            "label": head.label_of(int(r.pair[1])),
            "margin": margin(r.rel_margin),
            "method": r.method,
            "storage_tie": bool(r.storage_tie),
        }
        for r in nb.neighbours
    ]
    cosine, centered = cos_list(raw[0]), cos_list(cen[0])
    for entries in (cosine, centered):
        mark_tieable(entries, every_tieable, {int(r.pair[1]) for r in nb.neighbours})
    summarise_overlap(share, cosine, centered)
    return NeighboursReport({
        "schema": "cosaudit.neighbours/1",
        "checkpoint": head.facts(),
        "head_type": head.head_type,
        "label": label.to_json(),
        "k": k,
        "space": nb.space,
        "cosine": cosine,
        "centered_cosine": centered,
        "tieable": tie,
        "tieable_share": share,
        "tieable_search": {
            "candidates_considered": nb.candidates_considered,
            "candidates_checked": nb.candidates_checked,
            "exhaustive": nb.exhaustive,
            "complete": nb.complete,
            "undecided": nb.undecided,
            "interrupted": nb.interrupted,
            "label_argmaxable": nb.label_verdict or None,
            "note": nb.note or None,
            "order": "every other label decided; the k with the largest witness margin shown"
            if nb.exhaustive
            else "candidates by whitened closeness, checked in order; found ones sorted by witness margin",
        },
        "semantics": SEMANTICS[head.head_type]["tieable"],
        "margin_note": MARGIN_NOTE,
        "notes": _notes(head, W if head.head_type == "softmax" else None, b, space),
        "dtype": _computed_dtype(head),
    })


def run_argmax(
    head: Head,
    labels: list[ResolvedLabel] | None,
    *,
    progress: Progress | None = None,
    should_stop: Callable[[], bool] | None = None,
    space: SearchSpace = ALL,
) -> ArgmaxReport:
    """Argmaxable (sigmoid: predictable alone) for the chosen labels, or every label (None)."""
    g = _geometry(head, space)
    ids = None if labels is None else [lab.id for lab in labels]
    # --all on a large head: V witnesses of d numbers each would make the report V*d numbers long
    keep_witness = labels is not None or head.n_rows * head.dim <= WITNESS_ENTRIES
    batch = argmax_many(g, None, ids, progress=progress, should_stop=should_stop, keep_witnesses=keep_witness)
    by_id = {lab.id: lab for lab in labels} if labels is not None else {}
    rows = []
    order = ids if ids is not None else sorted(batch.results)
    seen: set[int] = set()
    for i in order:
        if i in seen or i not in batch.results:
            continue
        seen.add(i)
        r = batch.results[i]
        lab = by_id.get(i)
        rows.append(
            {
                "id": int(i),
                "label": lab.label if lab is not None else head.label_of(int(i)),
                "token": lab.token if lab is not None else None,
                "argmaxable": {"yes": True, "no": False}.get(r.verdict),
                "margin": margin(r.rel_margin) if r.argmaxable else None,
                "method": r.method,
                "why_not": None if r.argmaxable else _why_not(head, r),
                **_answer_json(r, keep_witness),
            }
        )
    requested = len(set(order)) if ids is not None else head.n_rows
    return ArgmaxReport({
        "schema": "cosaudit.argmax/1",
        "checkpoint": head.facts(),
        "head_type": head.head_type,
        "space": batch.space,
        "semantics": SEMANTICS[head.head_type]["argmaxable"],
        "labels": rows,
        "not_argmaxable": [int(i) for i in batch.not_argmaxable],
        "undecided": [int(i) for i in batch.undecided],
        "dtype": _computed_dtype(head),
        "complete": bool(batch.complete and len(rows) == requested),
        "answered": len(rows),
        "requested": requested,
        "methods": dict(sorted(batch.methods.items())),
        "margin_note": MARGIN_NOTE,
        "notes": _notes(head, g.W if head.head_type == "softmax" else None, g.b, space)
        + ([] if keep_witness else [WITNESS_NOTE]),
    })


def _why_not(head: Head, r: Any) -> str:
    c = r.certificate
    if r.verdict == "undecided":
        return r.note
    if c is None:
        return ""
    if c.kind in ("duplicate", "parallel", "zero-row"):
        return c.note
    if c.weights:
        top = sorted(c.weights.items(), key=lambda kv: -kv[1])[:5]
        names = ", ".join(f"{head.label_of(k)} ({w:.3f})" for k, w in top)
        more = "" if len(c.weights) <= 5 else f" and {len(c.weights) - 5} more"
        return (
            f"dominated by a mixture of {names}{more} (re-checked: residual {c.residual:.2g} "
            f"<= bound {c.bound:.2g}, relative)"
        )
    return c.note or f"LP optimum {c.lp_optimum}"


def run_patterns(
    head: Head, labels: list[ResolvedLabel], *, seed: int = 0, space: SearchSpace = ALL
) -> PatternsReport:
    """Feasible rankings (softmax) or sign vectors (sigmoid) of up to 8 labels."""
    if len(labels) < 2:
        raise UsageError("patterns need at least two labels", hint="pass --labels A B [C …]")
    ids = [lab.id for lab in labels]
    rows = head.rows(ids)
    bias = head.bias_vector()
    b = None if bias is None else bias[ids]
    kind: Literal["rankings", "sign_vectors"] = "sign_vectors" if head.head_type == "sigmoid" else "rankings"
    res = core_patterns(rows, b, list(range(len(ids))), kind=kind, seed=seed, space=space, storage=head.weight.dtype)
    if kind == "rankings":
        pats = [[ids[x] for x in p] for p in res.patterns]
        thin = [[ids[x] for x in p] for p in res.within_tolerance]
    else:
        pats = [list(p) for p in res.patterns]
        thin = [list(p) for p in res.within_tolerance]
    return PatternsReport({
        "schema": "cosaudit.patterns/1",
        "checkpoint": head.facts(),
        "head_type": head.head_type,
        "kind": kind,
        "labels": [lab.to_json() for lab in labels],
        "patterns": pats,
        "count": res.count,
        "within_tolerance": thin,
        "tolerance": res.tolerance,
        "dtype": _computed_dtype(head),
        "possible": res.possible,
        "bias": res.bias,
        "space": res.space,
        "statement": res.statement,
        "seed": seed,
        "meaning": (
            "rankings of these labels (most likely first) that some hidden state produces; other labels are ignored"
            if kind == "rankings"
            else "sign vectors (+1 predicted, -1 not) of these labels that some hidden state "
            "produces" + (" (bias included)" if res.bias else " (no bias)")
        ),
        "notes": _notes(head, space=space) + [n for n in res.notes if "within the tolerance" in n],
    })
