"""The demonstration inside `inspect`: for a pair of labels, the cosines of verified equivalent
models (−1 and +1) next to the measured one.

The head is streamed, so the equivalents are never written out: each is checked on probe hidden
states by its float64 logits, (W + 1cᵀ) h = W h + (c·h) 1 — every logit of an input moves by the
same amount, which is why no probability changes. `cosaudit flip` builds, stores and verifies
the rows as written, including the rounding of the storage dtype.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from cosaudit.audit._json import num
from cosaudit.audit.reports import CosinePanel
from cosaudit.core.symmetry import least_norm_translation, pair_issue, softmax, symmetry_issue

TARGETS = (-1.0, 1.0)


@dataclass(frozen=True)
class PairRows:
    i: int
    j: int
    labels: tuple[str, str]
    w_i: np.ndarray
    w_j: np.ndarray
    origin: str  # "chosen" or "most similar (sample)"


def demonstrate(
    pairs: list[PairRows],
    *,
    logits: np.ndarray | None,
    probes_h: np.ndarray | None,
    valid: np.ndarray,
    mean_row_norm: float,
    head_type: str,
    softcap: float | None,
    has_norm: bool,
    bias: np.ndarray | None = None,
) -> list[dict[str, Any]]:
    """One entry per pair: measured cosine, the −1 / +1 equivalents' cosines, and their check."""
    issue_t = symmetry_issue("translate", head_type=head_type, softcap=softcap, has_norm=has_norm)
    p0 = None
    z0 = None
    if logits is not None and probes_h is not None and issue_t is None:
        z0 = np.ascontiguousarray(logits[valid].T, dtype=np.float64)  # N × V
        if bias is not None:
            z0 = z0 + bias[None, valid]
        p0 = softmax(z0)
        top0 = z0.argmax(axis=1)
    out = []
    for pr in pairs:
        w_i = pr.w_i.astype(np.float64)
        w_j = pr.w_j.astype(np.float64)
        ni, nj = float(np.linalg.norm(w_i)), float(np.linalg.norm(w_j))
        measured = float(w_i @ w_j / (ni * nj)) if ni > 0 and nj > 0 else math.nan
        entry: dict[str, Any] = {
            "ids": [pr.i, pr.j], "labels": list(pr.labels), "origin": pr.origin,
            "cosine": num(measured), "minus1": None, "plus1": None, "translation_norms": None,
            "max_abs_prob_diff": None, "argmax_agree": None, "refused": None,
        }
        issue = pair_issue(w_i, w_j, pr.i, pr.j, names=(repr(pr.labels[0]), repr(pr.labels[1])))
        issue = issue or issue_t
        if issue is not None:
            entry["refused"] = issue.message
            out.append(entry)
            continue
        cosines, norms, dps, agree = [], [], [], True
        entry["_translations"] = []
        for target in TARGETS:
            t = least_norm_translation(w_i, w_j, target, mean_row_norm=mean_row_norm)
            entry["_translations"].append(t.c)
            cosines.append(t.cosine_after)
            norms.append(t.relative_norm)
            if p0 is not None and z0 is not None and probes_h is not None:
                shift = probes_h.astype(np.float64) @ t.c  # c·h for each probe
                z1 = z0 + shift[:, None]
                p1 = softmax(z1)
                dps.append(float(np.max(np.abs(p1 - p0))))
                agree = agree and bool(np.array_equal(top0, z1.argmax(axis=1)))
        entry.update({
            "minus1": num(cosines[0]), "plus1": num(cosines[1]),
            "translation_norms": [num(n) for n in norms],
            "max_abs_prob_diff": max(dps) if dps else None,
            "argmax_agree": agree if dps else None,
        })
        out.append(entry)
    return out


def equivalent_matrices(entries: list[dict[str, Any]], x: np.ndarray, chosen_ids: list[int]
                        ) -> list[CosinePanel]:
    """Cosine matrices of the chosen rows in the −1 and +1 models of the first demonstrated
    chosen pair (for the heatmaps), then drop the private translation vectors from the entries."""
    from cosaudit.audit.figure_data import panel
    from cosaudit.core.cosine import cosine_matrix

    out: list[CosinePanel] = []
    for e in entries:
        cs = e.pop("_translations", None)
        if out or not cs or e.get("origin") != "chosen":
            continue
        for target, c in zip(TARGETS, cs, strict=True):
            m = cosine_matrix(x + c[None, :])
            out.append(panel(f"{target:+g} model ({' / '.join(e['labels'])})", m))
    return out
