"""Figures of the audits (matplotlib, the optional `plot` extra): data in, `Figure` out.

Every function builds a `matplotlib.figure.Figure` directly (no pyplot, so no global state is
touched and nothing leaks between calls) and returns it; `to_png` / `to_svg` turn a figure into
bytes with the Agg canvas. Tests inspect the returned figures (axes, titles, data, colour
limits), so the figure functions are where the meaning is:

- `cosine_heatmaps`: the chosen labels' cosine matrix in the original model (raw, centered)
  and in every equivalent model, on ONE colour scale [-1, 1], the flipped pair outlined;
- `cosine_distributions`: raw vs centered cosines of random vocabulary pairs, chosen pairs
  marked;
- `neighbours_figure`: cosine neighbours next to tie-able neighbours, each bar coloured by
  whether the other list has it too;
- `verification_figure`: per-probe max |Δp| on a log axis with the storage dtype's rounding
  level as a line;

The papers' worked examples are drawn in `paper_figures`; `report_figures.report_figures(report)`
picks the figures that fit a report (inspect, flip, neighbours, paper).
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from cosaudit.errors import MissingExtraError

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

INSTALL_HINT = "pip install 'cosaudit[plot]'"
CMAP = "RdBu_r"  # blue negative, red positive: the terminal's cosine colours
HIGHLIGHT_GID = "highlight"
MARK_GID = "mark"
ROUNDING_GID = "rounding"
EDGE_GID = "tie-edge"
NO_EDGE_GID = "no-tie"
YES_COLOR = "#2a9d4b"
NO_COLOR = "#9a9a9a"
UNDECIDED_COLOR = "#e3e3e3"
NEVER_COLOR = "#d62728"
MARK_COLORS = ["#000000", "#d62728", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf"]
MAX_MARKS = 15  # chosen pairs listed in a histogram's legend (6 labels make 15 pairs)
MODEL_COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"]


def require_matplotlib() -> None:
    """Raise `MissingExtraError` (one line, with the install command) when matplotlib is missing."""
    try:
        import matplotlib  # noqa: F401
        from matplotlib.figure import Figure  # noqa: F401
    except ImportError as exc:
        raise MissingExtraError(
            "figures need matplotlib, which is not installed",
            hint=f"{INSTALL_HINT}, or choose --format text, json or md (to stdout)",
        ) from exc


def new_figure(width: float, height: float) -> Figure:
    require_matplotlib()
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=100, layout="constrained")


def to_png(fig: Figure, *, dpi: int = 110) -> bytes:
    """The figure as PNG bytes (Agg canvas; no pyplot, no display)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(fig)  # attach the Agg canvas (no pyplot, no GUI backend)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, metadata={"Software": "cosaudit"})
    return buf.getvalue()


def to_svg(fig: Figure) -> str:
    """The figure as an SVG document (text), for inline embedding."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(fig)
    buf = io.BytesIO()
    fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": "cosaudit"})
    return buf.getvalue().decode("utf-8")


def as_matrix(m: Sequence[Sequence[float | None]] | np.ndarray) -> np.ndarray:
    """A JSON matrix (None for undefined) as a float array with NaN."""
    if isinstance(m, np.ndarray):
        arr = m.astype(np.float64)
    else:
        arr = np.array(
            [[np.nan if x is None else float(x) for x in row] for row in m], dtype=np.float64
        )
    if arr.ndim != 2 or arr.shape[0] != arr.shape[1]:
        raise ValueError(f"a cosine matrix must be square, got shape {arr.shape}")
    return arr


# ----------------------------------------------------------------------------- heatmaps


def _heatmap_matrices(
    panels: Sequence[tuple[str, Sequence[Sequence[float | None]] | np.ndarray]],
    n: int,
    highlight: tuple[int, int] | None,
) -> list[np.ndarray]:
    """The panels' matrices, each checked to be n × n, and the highlighted pair checked to be in range."""
    if not panels:
        raise ValueError("cosine_heatmaps needs at least one panel")
    mats = [as_matrix(m) for _, m in panels]
    for (ptitle, _), m in zip(panels, mats, strict=True):
        if m.shape != (n, n):
            raise ValueError(
                f"panel {ptitle!r} is {m.shape[0]}×{m.shape[1]} but there are {n} labels"
            )
    if highlight is not None and not all(0 <= k < n for k in highlight):
        raise ValueError(f"highlighted pair {highlight} is outside the {n} labels")
    return mats


def _write_cell_values(ax: Any, m: np.ndarray) -> None:
    """Each defined cell's value written in it (white on dark cells); undefined cells stay blank."""
    n = m.shape[0]
    for a in range(n):
        for b in range(n):
            if np.isfinite(m[a, b]):
                ax.text(
                    b,
                    a,
                    f"{m[a, b]:+.2f}",
                    ha="center",
                    va="center",
                    fontsize=7,
                    color="white" if abs(m[a, b]) > 0.6 else "black",
                )


def _outline_pair(ax: Any, highlight: tuple[int, int]) -> None:
    """Outline the pair's two cells (patches with gid HIGHLIGHT_GID)."""
    from matplotlib.patches import Rectangle

    i, j = highlight
    for a, b in {(i, j), (j, i)}:
        ax.add_patch(
            Rectangle(
                (b - 0.5, a - 0.5),
                1,
                1,
                fill=False,
                edgecolor="black",
                linewidth=2.4,
                gid=HIGHLIGHT_GID,
            )
        )


def cosine_heatmaps(
    panels: Sequence[tuple[str, Sequence[Sequence[float | None]] | np.ndarray]],
    names: Sequence[str],
    *,
    highlight: tuple[int, int] | None = None,
    title: str | None = None,
) -> Figure:
    """One heatmap per (title, matrix) panel, all on the colour scale [-1, 1], one colour bar.

    `highlight` (a pair of row indices) is outlined in every panel (patches with gid
    "highlight"). Cells show their values when there are at most 8 labels; undefined (None/NaN)
    cells are left blank (grey).
    """
    mats = _heatmap_matrices(panels, len(names), highlight)
    n = len(names)
    from matplotlib.colors import Normalize

    k = len(panels)
    cols = 2 if k == 4 else min(k, 3)
    rows = math.ceil(k / cols)
    side = max(2.6, min(4.2, 0.45 * n + 1.4))
    fig = new_figure(side * cols + 0.9, side * rows + (0.5 if title else 0.2))
    if title:
        fig.suptitle(title)
    from matplotlib import colormaps

    norm = Normalize(vmin=-1.0, vmax=1.0)
    cmap = colormaps[CMAP].with_extremes(bad="#dddddd")
    axes = fig.subplots(rows, cols, squeeze=False)
    image = None
    for idx, ((ptitle, _), m) in enumerate(zip(panels, mats, strict=True)):
        ax = axes[idx // cols][idx % cols]
        masked = np.ma.masked_invalid(m)
        image = ax.imshow(masked, cmap=cmap, norm=norm, interpolation="nearest")
        ax.set_title(ptitle, fontsize=10)
        ax.set_xticks(range(n), labels=list(names), rotation=45, ha="right", fontsize=8)
        ax.set_yticks(range(n), labels=list(names), fontsize=8)
        if n <= 8:
            _write_cell_values(ax, m)
        if highlight is not None:
            _outline_pair(ax, highlight)
    for idx in range(k, rows * cols):
        axes[idx // cols][idx % cols].set_visible(False)
    assert image is not None
    cbar = fig.colorbar(image, ax=axes.ravel().tolist(), shrink=0.85, label="cosine")
    cbar.ax.set_gid("colorbar")
    return fig


# ----------------------------------------------------------------------------- distributions


def cosine_distributions(
    raw: np.ndarray,
    centered: np.ndarray,
    *,
    marks: Sequence[tuple[str, float | None, float | None]] = (),
    bins: int = 60,
    seed: int | None = None,
    marks_total: int | None = None,
) -> Figure:
    """Histograms of raw and centered cosines over random vocabulary pairs, pairs marked.

    `marks` are (name, raw cosine, centered cosine) of the chosen pairs: a vertical line in each
    panel (gid "mark"), every one listed in a legend beside the panel (outside the axes, so it
    covers no bar or line). `marks_total`: how many pairs there were when `marks` is a selection
    (the legend's title says so). Both panels share the x range [-1, 1].
    """
    raw = np.asarray(raw, dtype=np.float64).ravel()
    centered = np.asarray(centered, dtype=np.float64).ravel()
    raw = raw[np.isfinite(raw)]
    centered = centered[np.isfinite(centered)]
    if raw.size == 0 and centered.size == 0:
        raise ValueError("no sampled cosines to draw")
    fig = new_figure(7.0 if not marks else 8.6, max(5.2, 0.34 * len(marks) + 1.4))
    ax_raw, ax_cen = fig.subplots(2, 1, sharex=True)
    edges = np.linspace(-1.0, 1.0, bins + 1)
    what = f"{raw.size} random label pairs" + (f", seed {seed}" if seed is not None else "")
    for ax, values, kind, color, col in (
        (ax_raw, raw, "raw", "#4c72b0", 1),
        (ax_cen, centered, "centered", "#dd8452", 2),
    ):
        ax.hist(values, bins=edges, color=color, alpha=0.85)
        med = float(np.median(values)) if values.size else math.nan
        ax.set_title(f"{kind} cosine over {what}: median {med:+.3f}", fontsize=10)
        ax.set_ylabel("pairs")
        for n_mark, mark in enumerate(marks):
            x = mark[col]
            if not isinstance(x, (int, float)) or not math.isfinite(x):
                continue
            ax.axvline(
                x,
                color=MARK_COLORS[n_mark % len(MARK_COLORS)],
                linewidth=1.6,
                linestyle=("--", "-.", ":")[n_mark // len(MARK_COLORS) % 3],
                gid=MARK_GID,
                label=f"{mark[0]} {x:+.2f}",
            )
        if any(ln.get_gid() == MARK_GID for ln in ax.get_lines()):
            ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0,
                      title=_marks_title(len(marks), marks_total), title_fontsize=7)
    ax_cen.set_xlim(-1.0, 1.0)
    ax_cen.set_xlabel("cosine")
    return fig


def _marks_title(shown: int, total: int | None) -> str:
    if total is not None and total > shown:
        return f"{shown} of {total} chosen pairs\n(the most similar)"
    return "chosen pairs"


# ----------------------------------------------------------------------------- neighbours


def neighbours_figure(
    label: str,
    cosine: Sequence[dict[str, Any]],
    tieable: Sequence[dict[str, Any]],
    *,
    centered: Sequence[dict[str, Any]] | None = None,
    share: dict[str, Any] | None = None,
) -> Figure:
    """Cosine neighbours beside tie-able neighbours, each bar coloured by membership of the other.

    `cosine`/`centered` items have `label` and `cosine` (and `tieable`: True, False or None when
    not decided); `tieable` items have `label` and `margin` (or `rel_margin`). A cosine neighbour
    is green when it is tie-able with the label, grey when it is not (light when undecided); a
    tie-able neighbour is green when it is also a top cosine neighbour, grey when cosine ranking
    misses it. `share` (the report's `tieable_share`) puts the vocabulary-wide count first.
    """
    tie_names = {str(t["label"]) for t in tieable}
    cos_names = {str(c["label"]) for c in cosine} | {str(c["label"]) for c in (centered or [])}
    lists: list[tuple[str, Sequence[dict[str, Any]], str, set[str]]] = [
        ("by raw cosine", cosine, "cosine", tie_names)
    ]
    if centered:
        lists.append(("by centered cosine", centered, "cosine", tie_names))
    lists.append((_tieable_title(share), tieable, "margin", cos_names))
    n_rows = max([len(x[1]) for x in lists] + [1])
    fig = new_figure(3.4 * len(lists) + 0.6, 0.32 * n_rows + 2.0)
    axes = fig.subplots(1, len(lists), squeeze=False)[0]
    fig.suptitle(_neighbours_title(label, cosine, tie_names, share), fontsize=10)
    undecided = False
    for ax, (ttl, items, key, other) in zip(axes, lists, strict=True):
        colors = [_membership_color(it, other, key) for it in items]
        undecided |= UNDECIDED_COLOR in colors
        _neighbour_bars(ax, items, key, colors)
        ax.set_title(ttl, fontsize=10)
    from matplotlib.patches import Patch

    handles = [Patch(color=YES_COLOR, label="tie-able and among the nearest by cosine"),
               Patch(color=NO_COLOR, label="only one of the two")]
    if undecided:
        handles.append(Patch(color=UNDECIDED_COLOR, label="tie-ability not decided"))
    fig.legend(handles=handles, loc="outside lower center", ncols=len(handles), fontsize=8)
    return fig


def _membership_color(item: dict[str, Any], other: set[str], key: str) -> str:
    if key == "cosine" and "tieable" in item:
        return {True: YES_COLOR, False: NO_COLOR}.get(item["tieable"], UNDECIDED_COLOR)
    return YES_COLOR if str(item["label"]) in other else NO_COLOR


def _neighbour_bars(ax: Any, items: Sequence[dict[str, Any]], key: str, colors: list[str]) -> None:
    names = [str(it["label"]) for it in items]
    vals = []
    for it in items:
        v = it.get(key)
        if v is None and key == "margin":
            v = it.get("rel_margin")
        vals.append(math.nan if v is None else float(v))
    y = np.arange(len(items))
    ax.barh(y, np.nan_to_num(vals, nan=0.0), color=colors, gid=f"bars-{key}")
    ax.set_yticks(y, labels=names, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("cosine" if key == "cosine" else "witness margin")
    if key == "cosine":
        lo = min([0.0] + [v for v in vals if math.isfinite(v)])
        ax.set_xlim(min(lo, 0.0) - 0.05, 1.0)
    if not items:
        ax.text(0.5, 0.5, "none", ha="center", va="center", transform=ax.transAxes)


def _tieable_title(share: dict[str, Any] | None) -> str:
    if share and share.get("exhaustive") and share.get("not_shown"):
        return f"tie-able: the {share['shown']} of largest witness margin\n(+{share['not_shown']} more not shown)"
    return "tie-able (can share the top)"


def _neighbours_title(label: str, cosine: Sequence[dict[str, Any]], tie_names: set[str],
                      share: dict[str, Any] | None) -> str:
    """The vocabulary-wide share first, then how many cosine neighbours are tie-able."""
    if share and share.get("exhaustive"):
        others, n = share["others"], share["tieable"]
        pct = 100.0 * n / others if others else 0.0
        relation = share.get("relation", "share the top with")
        first = f"{label!r} can {relation} {n} of {others} other labels ({pct:.1f} %)"
        if share.get("cosine_tieable") is None:
            return first
        return (f"{first}\n{share['cosine_tieable']} of its {len(cosine)} nearest by cosine are tie-able; "
                f"{share['expected_at_random']:g} expected for labels picked at random")
    overlap = len({str(c["label"]) for c in cosine} & tie_names)
    first = f"neighbours of {label!r}: {overlap} of the {len(cosine)} nearest by cosine are among " \
            f"the {len(tie_names)} tie-able neighbours found"
    if share and not share.get("exhaustive"):
        first += f"\n(the share of the vocabulary tie-able with {label!r} was not computed)"
    return first


# ----------------------------------------------------------------------------- verification


def verification_figure(
    series: Sequence[tuple[str, np.ndarray]],
    rounding_level: float,
    dtype: str,
    *,
    title: str | None = None,
) -> Figure:
    """Per-probe max |Δp| of each equivalent on a log axis, the dtype's rounding level as a line.

    Exact zeros cannot be drawn on a log axis: they are placed at a floor below every other
    value and the floor is named in the legend.
    """
    if not series:
        raise ValueError("verification_figure needs at least one series")
    if not (rounding_level > 0 and math.isfinite(rounding_level)):
        raise ValueError(f"rounding level must be a positive number, got {rounding_level}")
    arrays = [(name, np.abs(np.asarray(a, dtype=np.float64).ravel())) for name, a in series]
    positives = np.concatenate([a[a > 0] for _, a in arrays] + [np.array([rounding_level])])
    floor = 10 ** math.floor(math.log10(float(positives.min())) - 1)
    fig = new_figure(7.0, 4.0)
    ax = fig.subplots()
    any_zero = False
    for k, (name, a) in enumerate(arrays):
        zero = a == 0
        any_zero |= bool(zero.any())
        shown = np.where(zero, floor, a)
        ax.plot(
            np.arange(a.size),
            shown,
            linestyle="none",
            marker=".",
            markersize=3,
            color=MODEL_COLORS[k % len(MODEL_COLORS)],
            label=f"{name}: max {a.max():.1e}",
            gid=f"probe-{k}",
        )
    ax.set_yscale("log")
    ax.axhline(
        rounding_level,
        color="black",
        linestyle="--",
        linewidth=1.2,
        gid=ROUNDING_GID,
        label=f"{dtype} rounding level {rounding_level:.1e}",
    )
    if any_zero:
        ax.axhline(floor, color="#bbbbbb", linewidth=0.8, label=f"exactly 0 (drawn at {floor:.0e})")
    ax.set_xlabel("probe hidden state")
    ax.set_ylabel("max over labels of |Δp|")
    ax.set_title(title or "verification: probability differences per probe", fontsize=10)
    legend = ax.legend(fontsize=8, loc="upper right", ncols=2 if len(ax.get_lines()) > 3 else 1)
    top = max(float(positives.max()), rounding_level)
    _legend_above(fig, ax, legend, top)
    return fig


def _legend_above(fig: Figure, ax: Any, legend: Any, top: float, *, tries: int = 4) -> None:
    """Raise a log axis' upper limit until `legend` (upper right) sits above every drawn value
    (`top`: the highest data value or line), so it covers no point and no line."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = FigureCanvasAgg(fig)
    bottom = ax.get_ylim()[0]
    for _ in range(tries):
        fig.draw_without_rendering()  # runs the constrained layout: final axes and legend boxes
        renderer = canvas.get_renderer()
        box, frame = legend.get_window_extent(renderer), ax.get_window_extent(renderer)
        data_top = ax.transData.transform((0.0, top))[1]
        if box.y0 > data_top + 6:
            return
        free = 1.0 - (box.height + 14.0) / frame.height  # the share of the height left to the data
        decades = math.log10(top / bottom) / max(free, 0.2)
        ax.set_ylim(bottom, bottom * 10 ** (decades + 0.3))
