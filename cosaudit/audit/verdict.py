"""The verdict in words: what the cosines of this head can and cannot tell (design.md §1)."""

from __future__ import annotations

from typing import Any

PAPER = ("Nielsen & Grivas (2026), 'What Cosine Similarity of Label Representations Can and "
         "Cannot Tell us', arXiv 2603.29488")


def verdict(head_type: str, softcap: float | None, has_norm: bool, normalized_rows: bool = False) -> dict[str, Any]:
    """{identifiable, headline, why, instead, reference} for a head of this kind."""
    norm_text = (
        " Centering does not rescue it: this head sits behind a final norm with a gain, and "
        "rescaling the gain per dimension (W → W·diag(e)⁻¹) keeps every logit while changing even "
        "centered cosines and distances."
        if has_norm
        else " Centering removes only the translation; any invertible change of basis of the hidden "
        "space (absorbed by the layer before the head) still moves the cosines."
    )
    if head_type == "sigmoid":
        if has_norm:
            why = ("For a sigmoid (multi-label) head a shared translation changes probabilities, so it is no "
                   "symmetry, and the full cosine matrix determines which label combinations can be "
                   "predicted (v2 Lemma 5.3). But this head sits behind a final norm gain: rescaling it "
                   "per dimension keeps every logit and changes the cosines, so single values are still "
                   "not properties of the model.")
            return {"identifiable": False,
                    "headline": "Single cosines are not identifiable (sigmoid head behind a norm gain)",
                    "why": why, "instead": _instead(sigmoid=True), "reference": PAPER}
        why = ("For a sigmoid (multi-label) head a shared translation changes the probabilities, so it "
               "is no symmetry here, and the cosine matrix of the rows determines which label "
               "combinations the head can predict (v2 Lemma 5.3). It does not say how often labels "
               "co-occur on real inputs: measure that on data.")
        return {"identifiable": True, "headline": "Cosines determine the feasible label combinations (sigmoid head)",
                "why": why, "instead": _instead(sigmoid=True), "reference": PAPER}
    if softcap is not None:
        why = (f"Logits are soft-capped (cap·tanh(z/cap), cap = {softcap:g}), so a shared translation of the "
               "rows is not an exact symmetry of this head and `flip` will not use it."
               + (" The rescaling through the final norm gain still is: it keeps every logit and "
                  "changes raw and centered cosines, so they are still not properties of the model."
                  if has_norm else
                  " A change of basis of the hidden space, absorbed by the layer before the head, "
                  "still changes the cosines without changing any probability."))
        return {"identifiable": False, "headline": "Cosines are NOT identifiable (soft-capped softmax head)",
                "why": why, "instead": _instead(sigmoid=False), "reference": PAPER}
    why = ("Adding one vector c to every row of a softmax head shifts every logit of an input by the "
           "same c·h, so no probability changes for any input; yet a suitable c makes any chosen "
           "pair's cosine −1, +1 or anything between. The cosine is a property of this "
           "parametrisation, not of the model." + norm_text)
    return {"identifiable": False, "headline": "These cosines are NOT identifiable (softmax head)",
            "why": why, "instead": _instead(sigmoid=False), "reference": PAPER}


def _instead(*, sigmoid: bool) -> str:
    if sigmoid:
        return ("Use `cosaudit patterns` for the label combinations the head can predict, and measure "
                "co-occurrence of predictions on data.")
    return ("Ask what the model does determine: which labels can share the top prediction "
            "(`cosaudit neighbours --label L`), which labels can be predicted at all (`cosaudit argmax`), "
            "which rankings are possible (`cosaudit patterns`); or compare probabilities on data "
            "(`cosaudit similar --labels A B`). "
            "`cosaudit flip --labels A B` builds the equivalent models that show it.")
