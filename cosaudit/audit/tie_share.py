"""How many labels can share the top with one label: the context a neighbours list needs.

On a head with V ≫ d most pairs are often tie-able (233 of the 236 other labels of the demo
model can tie with `dog`), so "4 of the 10 cosine neighbours are tie-able" means little unless
the share of the whole vocabulary is said first. Up to `EXHAUSTIVE_LIMIT` other labels every
candidate is decided (witness or LP certificate) while V²·d stays under `EXHAUSTIVE_WORK`;
above it only the tie-able neighbours found among the closest candidates are known, and the
share is reported as not computed. A softmax head whose rows are affinely independent (V ≤ d+1)
needs no check: every pair is tie-able.
"""

from __future__ import annotations

from typing import Any

from cosaudit.core.geometry import HeadGeometry, NeighbourResult, head_summary, tieable_neighbours

# V²·d of a head whose every label is decided: the demo (237 × 24) takes 0.3 s, a random
# 2001 × 64 head 1 s, 5001 × 64 5 s and 5001 × 256 156 s (2 cores, load 9).
EXHAUSTIVE_WORK = 3e8


def tieable_with_share(
    g: HeadGeometry, i: int, *, k: int, n_valid: int | None = None, progress: Any = None
) -> tuple[NeighbourResult, set[int] | None, dict[str, Any]]:
    """(the k tie-able neighbours with the largest witness margin, every tie-able label or None
    when not computed, the share as a JSON-ready dict)."""
    n_valid = n_valid or g.V
    relation = "be predicted together with" if g.head_type == "sigmoid" else "share the top with"
    others = n_valid - 1 if i < n_valid else n_valid
    share: dict[str, Any] = {"others": others, "relation": relation}
    if _unconstrained(g):
        nb = tieable_neighbours(g, None, i, k=k, progress=progress)
        share |= {"exhaustive": True, "tieable": others, "shown": len(nb.neighbours),
                  "not_shown": others - len(nb.neighbours), "why": "the rows are affinely independent"}
        return nb, set(range(n_valid)) - {i}, share
    if float(g.V) ** 2 * g.d > EXHAUSTIVE_WORK:
        nb = tieable_neighbours(g, None, i, k=k, progress=progress)
        share |= {"exhaustive": False, "tieable": None, "shown": len(nb.neighbours), "not_shown": None,
                  "why": f"deciding every label of a {g.V} × {g.d} head takes too long"}
        return nb, None, share
    nb = tieable_neighbours(g, None, i, k=0, exhaustive=True, progress=progress)
    found = [r for r in nb.neighbours if r.pair[1] < n_valid]  # padding rows are no labels
    if nb.interrupted:  # not every label decided: the share is not known
        nb.neighbours = found[:k]
        share |= {"exhaustive": False, "tieable": None, "shown": len(nb.neighbours), "not_shown": None,
                  "why": "interrupted before every other label was decided"}
        return nb, None, share
    nb.neighbours = found[:k]  # already ordered by witness margin, largest first
    # every other label was decided: the list is complete when none was left undecided or cut at k
    nb.complete = nb.undecided == 0 and len(found) <= k
    share |= {"exhaustive": True, "tieable": len(found), "shown": len(nb.neighbours),
              "not_shown": len(found) - len(nb.neighbours), "why": "every other label decided"}
    return nb, {int(r.pair[1]) for r in found}, share


def _unconstrained(g: HeadGeometry) -> bool:
    if g.head_type != "softmax" or g.space.kind != "all" or g.V > g.d + 1:
        return False
    return bool(head_summary(g.W, g.b)["unconstrained"])


def mark_tieable(entries: list[dict[str, Any]], tieable: set[int] | None, shown: set[int]) -> None:
    """Say beside each cosine neighbour whether it can share the top with the label (None: not
    decided, when the vocabulary was not checked and the label is not among those found)."""
    for e in entries:
        if tieable is not None:
            e["tieable"] = e["id"] in tieable
        else:
            e["tieable"] = True if e["id"] in shown else None


def summarise_overlap(share: dict[str, Any], cosine: list[dict[str, Any]], centered: list[dict[str, Any]]) -> None:
    """Add to `share` how many of the cosine neighbours are tie-able, and how many of as many
    labels picked at random would be (the comparison that gives the count a meaning)."""
    for key, entries in (("cosine_tieable", cosine), ("centered_tieable", centered)):
        known = [e["tieable"] for e in entries if e.get("tieable") is not None]
        share[key] = sum(known) if len(known) == len(entries) else None
    n = len(cosine)
    share["expected_at_random"] = (
        round(n * share["tieable"] / share["others"], 2) if share["exhaustive"] and share["others"] else None
    )
