"""The figures that fit each report (`report_figures(report)`): inspect, flip, neighbours, paper.

Each report's data picks and feeds the drawing functions of `figures` and `paper_figures`; the
HTML and Markdown renderers embed what this returns.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from cosaudit.audit.figure_data import model_name
from cosaudit.report.figures import (
    MAX_MARKS,
    as_matrix,
    cosine_distributions,
    cosine_heatmaps,
    neighbours_figure,
    require_matplotlib,
    verification_figure,
)
from cosaudit.report.paper_figures import paper_three_models, paper_tie_graph

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

    from cosaudit.audit.reports import FlipReport, InspectReport, NeighboursReport, PaperReport, Report


@dataclass
class ReportFigure:
    """One figure of a report: a file-name stem, a caption (alt text) and the figure."""

    key: str
    caption: str
    figure: Figure


def _names(report: dict[str, Any]) -> list[str]:
    return [str(lab.get("label", lab.get("id"))) for lab in report.get("labels", [])]


def _inspect_highlight(report: dict[str, Any]) -> tuple[int, int] | None:
    """The pair to outline: the first demonstrated pair, else the chosen pair of highest cosine."""
    ids = [lab.get("id") for lab in report.get("labels", [])]
    for e in report.get("equivalents", []) or []:
        e_ids = e.get("ids")
        if e_ids and e_ids[0] in ids and e_ids[1] in ids:
            return ids.index(e_ids[0]), ids.index(e_ids[1])
    m = as_matrix(report["cosine"])
    if m.shape[0] < 2:
        return None
    off = np.where(np.eye(m.shape[0], dtype=bool) | ~np.isfinite(m), -np.inf, m)
    if not np.isfinite(off).any():
        return None
    i, j = np.unravel_index(int(np.argmax(off)), off.shape)
    return (int(min(i, j)), int(max(i, j)))


def inspect_figures(r: InspectReport) -> list[ReportFigure]:
    report = r.data
    out: list[ReportFigure] = []
    names = _names(report)
    if len(names) >= 2:
        hl = _inspect_highlight(report)
        panels = [("raw cosine", report["cosine"]), ("centered cosine", report["centered_cosine"])]
        panels += [(p.title, p.matrix) for p in r.equivalent_matrices]
        cap = "Cosines of the chosen labels, one colour scale [-1, 1]"
        if hl is not None:
            cap += f"; outlined: {names[hl[0]]} / {names[hl[1]]}"
        out.append(
            ReportFigure("cosine-heatmaps", cap, cosine_heatmaps(panels, names, highlight=hl))
        )
    raw, cen = r.samples_raw, r.samples_centered
    if raw.size:
        marks = []
        ids_names = names
        cos, ccos = report.get("cosine", []), report.get("centered_cosine", [])
        for a in range(len(ids_names)):
            for b in range(a + 1, len(ids_names)):
                marks.append((f"{ids_names[a]}/{ids_names[b]}", cos[a][b], ccos[a][b]))
        total = len(marks)
        marks = _most_similar_marks(marks, MAX_MARKS)
        seed = report.get("summary", {}).get("pair_sample", {}).get("seed")
        out.append(
            ReportFigure(
                "cosine-distributions",
                "Raw and centered cosines of random vocabulary pairs; vertical lines: the chosen pairs"
                + (f" ({len(marks)} of {total}: the most similar)" if total > len(marks) else ""),
                cosine_distributions(raw, cen, marks=marks, seed=seed, marks_total=total),
            )
        )
    return out


def _most_similar_marks(marks: list[Any], limit: int) -> list[Any]:
    """Every pair when they fit the legend, else the `limit` of highest raw cosine (in order)."""
    if len(marks) <= limit:
        return marks
    keep = sorted(range(len(marks)), key=lambda k: -(marks[k][1] if marks[k][1] is not None else -math.inf))
    return [marks[k] for k in sorted(keep[:limit])]


def flip_figures(r: FlipReport) -> list[ReportFigure]:
    report = r.data
    out: list[ReportFigure] = []
    names = _names(report)
    if r.matrices:
        out.append(
            ReportFigure(
                "cosine-heatmaps",
                "The same model, other cosines: original and verified equivalents on one "
                "colour scale [-1, 1]; "
                "outlined: the flipped pair",
                cosine_heatmaps(
                    [(p.title, p.matrix) for p in r.matrices], list(r.matrix_names), highlight=(0, 1)
                ),
            )
        )
    elif len(names) == 2 and report.get("original"):
        panels = []
        orig = report["original"]
        panels.append(("original (raw)", [[1.0, orig.get("cosine")], [orig.get("cosine"), 1.0]]))
        panels.append(
            (
                "original (centered)",
                [[1.0, orig.get("centered_cosine")], [orig.get("centered_cosine"), 1.0]],
            )
        )
        for m in report.get("models", []):
            c = m.get("cosine")
            panels.append((_model_title(m), [[1.0, c], [c, 1.0]]))
        out.append(
            ReportFigure(
                "cosine-heatmaps",
                "The same model, other cosines: original and verified equivalents on one "
                "colour scale [-1, 1]",
                cosine_heatmaps(panels, names, highlight=(0, 1)),
            )
        )
    series = verification_series(r)
    if series and r.rounding_level is not None:
        level = r.rounding_level
        dtype = r.models[0].stored_dtype
        out.append(
            ReportFigure(
                "verification",
                f"Verification: per-probe max |Δp| (log scale) against the {dtype} rounding level",
                verification_figure(series, level, dtype),
            )
        )
    return out


def _model_title(m: dict[str, Any]) -> str:
    t = m.get("target")
    sym = m.get("symmetry") or ""
    if sym == "rescale":
        return f"rescaled (target {t:+g})" if isinstance(t, (int, float)) else "rescaled"
    if isinstance(t, (int, float)):
        return model_name(t)
    return str(t)


def neighbours_figures(r: NeighboursReport) -> list[ReportFigure]:
    report = r.data
    lab = report.get("label") or {}
    name = str(lab.get("label", lab.get("id", "?"))) if isinstance(lab, dict) else str(lab)
    fig = neighbours_figure(
        name,
        report.get("cosine", []),
        report.get("tieable", []),
        centered=report.get("centered_cosine"),
        share=report.get("tieable_share"),
    )
    return [
        ReportFigure(
            "neighbours",
            f"Neighbours of {name!r}: by cosine vs tie-able (green: tie-able and among the nearest by cosine)",
            fig,
        )
    ]


def report_figures(report: Report) -> list[ReportFigure]:
    """The figures of a report, as its renderer draws them (needs matplotlib)."""
    require_matplotlib()
    return report.renderer().figures(report)


def verification_series(r: FlipReport) -> list[tuple[str, np.ndarray]]:
    """Per-probe max |Δp| of every model, in float64 and as stored, in report order."""
    series = []
    for m in r.models:
        name = model_name(m.target)
        for which, arr in (("float64", m.abs_prob_diff), (m.stored_dtype, m.stored_abs_prob_diff)):
            if arr is not None:
                series.append((f"{name}, {which}", np.asarray(arr)))
    return series


def paper_figures(r: PaperReport) -> list[ReportFigure]:
    arr = r.arrays
    if not arr:
        return []
    out = []
    u = arr["unrestricted"]
    out.append(
        ReportFigure(
            "three-models",
            "Unrestricted example: a) inputs coloured by argmax label; "
            "b–d) the unembeddings of the original, "
            "−1 and +1 models — the same probabilities for every input, cosines +0.8, −1 and +1",
            paper_three_models(u["inputs"], u["argmax"], u["models"], tuple(u["pair"])),
        )
    )
    for key, title, lim in (
        ("centered", "Centered example: cosine vs tie-ability", 2.0),
        ("centered_unit_length", "Centered, unit-length example: cosine vs tie-ability", 1.5),
    ):
        e = arr[key]
        out.append(
            ReportFigure(
                key.replace("_", "-"),
                f"{title}; green edges: pairs that can share the top prediction "
                "(computed by cosaudit)",
                # cosaudit: ignore[COS101] -- the paper's figure shows these cosines to be arbitrary
                paper_tie_graph(
                    e["W"], [tuple(t) for t in e["ties"]], title=title, annotate=e["pairs"], lim=lim
                ),
            )
        )
    return out
