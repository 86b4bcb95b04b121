"""Arrays the figures need, kept in private report keys (`_…`, never in JSON output).

`flip` calls `flip_figure_data` once its models are built and verified; the renderers in
`cosaudit.report.figures` read `_matrices` (cosine matrices of the pair and a few of its
neighbours, in the original and every equivalent model) and `_verification` (per-probe
max |Δp| and the storage dtype's rounding level).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from cosaudit.core.cosine import cosine_matrix

# unit roundoff (half the machine epsilon) of the dtypes a head can be stored in
UNIT_ROUNDOFF = {"float64": 2.0**-53, "float32": 2.0**-24, "bfloat16": 2.0**-8, "float16": 2.0**-11}


def rounding_level(dtype: str) -> float:
    """The relative rounding level of a storage dtype (unit roundoff); float32 when unknown."""
    return UNIT_ROUNDOFF.get(dtype, UNIT_ROUNDOFF["float32"])


def _target_name(t: float) -> str:
    return {-1.0: "−1 model", 1.0: "+1 model"}.get(float(t), f"τ = {t:+g} model")


def _json_matrix(m: np.ndarray) -> list[list[float | None]]:
    return [[None if not np.isfinite(x) else round(float(x), 6) for x in row] for row in m]


def context_ids(
    i: int, j: int, neighbours: Sequence[dict[str, Any]], *, per_label: int = 2, limit: int = 6
) -> list[int]:
    """The pair first, then up to `per_label` nearest rows of each (from the original model)."""
    ids = [i, j]
    for entry in neighbours:
        for nb in entry.get("neighbours", [])[:per_label]:
            k = int(nb["id"])
            if k not in ids and len(ids) < limit:
                ids.append(k)
    return ids


def flip_figure_data(
    W: np.ndarray,
    ids: Sequence[int],
    mean: np.ndarray,
    label_of: Callable[[int], str],
    models: Sequence[tuple[float, Any]],
    checks: Sequence[Any],
    stored_dtype: str,
) -> dict[str, Any]:
    """`_matrices` and `_verification` for a flip report.

    `models` are (target, Equivalent) in report order, `checks` the verifications in the order
    flip made them (exact, stored) per model.
    """
    rows = np.asarray(W[list(ids)], dtype=np.float64)
    mu = np.asarray(mean, dtype=np.float64)
    panels = [
        {"title": "original (raw)", "matrix": _json_matrix(cosine_matrix(rows))},
        {"title": "original (centered)", "matrix": _json_matrix(cosine_matrix(rows - mu))},
    ]
    for t, eq in models:
        if eq.symmetry == "translate":
            panels.append(
                {"title": _target_name(t), "matrix": _json_matrix(cosine_matrix(rows + eq.c))}
            )
        else:
            panels.append(
                {
                    "title": f"rescaled, target {t:+g} (raw)",
                    "matrix": _json_matrix(cosine_matrix(rows / eq.scale)),
                }
            )
            panels.append(
                {
                    "title": f"rescaled, target {t:+g} (centered)",
                    "matrix": _json_matrix(cosine_matrix((rows - mu) / eq.scale)),
                }
            )
    series = []
    for k, (t, _eq) in enumerate(models):
        for which, chk in (("float64", checks[2 * k]), (stored_dtype, checks[2 * k + 1])):
            arr = getattr(chk, "per_probe_abs_prob_diff", None)
            if arr is not None:
                series.append(
                    {"name": f"{_target_name(t)}, {which}", "abs_prob_diff": np.asarray(arr)}
                )
    return {
        "_matrices": {
            "names": [label_of(int(k)) for k in ids],
            "ids": [int(k) for k in ids],
            "pair": [0, 1],
            "panels": panels,
        },
        "_verification": {
            "dtype": stored_dtype,
            "rounding_level": rounding_level(stored_dtype),
            "series": series,
        },
    }
