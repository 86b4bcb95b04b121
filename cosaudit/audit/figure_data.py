"""Arrays the figures need, as typed fields of the reports (never in the JSON output).

`flip` calls `flip_figure_data` once its models are built and verified: the cosine matrices of
the pair and a few of its neighbours, in the original and every equivalent model, and the
storage dtype's rounding level (the per-probe max |Δp| stay on each `FlippedModel`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from cosaudit.audit.reports import CosinePanel
from cosaudit.core.cosine import cosine_matrix

# unit roundoff (half the machine epsilon) of the dtypes a head can be stored in
UNIT_ROUNDOFF = {"float64": 2.0**-53, "float32": 2.0**-24, "bfloat16": 2.0**-8, "float16": 2.0**-11}


def rounding_level(dtype: str) -> float:
    """The relative rounding level of a storage dtype (unit roundoff); float32 when unknown."""
    return UNIT_ROUNDOFF.get(dtype, UNIT_ROUNDOFF["float32"])


def panel(title: str, m: np.ndarray) -> CosinePanel:
    """A cosine matrix as the reports show it: rounded to 6 digits, NaN where undefined."""
    return CosinePanel(title, np.round(np.asarray(m, dtype=np.float64), 6))


def model_name(t: float) -> str:
    """How reports name the equivalent model of target t."""
    return {-1.0: "−1 model", 1.0: "+1 model"}.get(float(t), f"τ = {t:+g} model")


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
    W: Any,
    ids: Sequence[int],
    mean: np.ndarray,
    label_of: Callable[[int], str],
    models: Sequence[tuple[float, Any]],
    stored_dtype: str,
) -> dict[str, Any]:
    """The figure fields of a flip report: `matrices`, `matrix_names`, `matrix_ids`,
    `rounding_level`. `models` are (target, Equivalent) in report order; `W[ids]` reads rows."""
    rows = np.asarray(W[list(ids)], dtype=np.float64)
    mu = np.asarray(mean, dtype=np.float64)
    panels = [panel("original (raw)", cosine_matrix(rows)), panel("original (centered)", cosine_matrix(rows - mu))]
    for t, eq in models:
        if eq.symmetry == "translate":
            panels.append(panel(model_name(t), cosine_matrix(rows + eq.c)))
        else:
            panels.append(panel(f"rescaled, target {t:+g} (raw)", cosine_matrix(rows / eq.scale)))
            panels.append(panel(f"rescaled, target {t:+g} (centered)", cosine_matrix((rows - mu) / eq.scale)))
    return {
        "matrices": tuple(panels),
        "matrix_names": tuple(label_of(int(k)) for k in ids),
        "matrix_ids": tuple(int(k) for k in ids),
        "rounding_level": rounding_level(stored_dtype),
    }
