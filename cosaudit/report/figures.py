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
- `paper_three_models`, `paper_tie_graph`: the papers' worked examples.

`report_figures(report)` picks the figures that fit a report (inspect, flip, neighbours).
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from cosaudit.audit.figure_data import model_name
from cosaudit.errors import MissingExtraError

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

    from cosaudit.audit.reports import FlipReport, InspectReport, NeighboursReport, PaperReport, Report

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


def _figure(width: float, height: float) -> Figure:
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


def _as_matrix(m: Sequence[Sequence[float | None]] | np.ndarray) -> np.ndarray:
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
    mats = [_as_matrix(m) for _, m in panels]
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
    fig = _figure(side * cols + 0.9, side * rows + (0.5 if title else 0.2))
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
    fig = _figure(7.0 if not marks else 8.6, max(5.2, 0.34 * len(marks) + 1.4))
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
    fig = _figure(3.4 * len(lists) + 0.6, 0.32 * n_rows + 2.0)
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
    fig = _figure(7.0, 4.0)
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


# ----------------------------------------------------------------------------- the papers


def _arrows(
    ax: Any,
    W: np.ndarray,
    *,
    highlight: Sequence[int] = (),
    lim: float = 2.6,
    colors: Sequence[str] | None = None,
) -> None:
    """Rows of W as arrows from the origin, each numbered. Longer arrows are drawn first, so a
    short arrow lying along a longer one (the +1 model's pair) stays on top and visible, with a
    white edge; a number that would sit on another arrow is moved off it, sideways."""
    from matplotlib import patheffects

    halo = [patheffects.withStroke(linewidth=4.2, foreground="white")]
    lengths = np.linalg.norm(W, axis=1)
    for z, k in enumerate(np.argsort(-lengths, kind="stable")):
        w = W[k]
        col = colors[k] if colors is not None else ("#d62728" if k in highlight else "#333333")
        width = 2.8 if k in highlight else 1.5
        ax.annotate(
            "",
            xy=(w[0], w[1]),
            xytext=(0, 0),
            arrowprops={"arrowstyle": "-|>", "color": col, "linewidth": width, "path_effects": halo,
                        "shrinkA": 0, "shrinkB": 0,  # a short arrow must not flip or vanish
                        "mutation_scale": 10 * min(1.0, max(0.5, lengths[k] / (0.2 * lim)))},
            zorder=3 + 0.01 * z,
            gid=f"arrow-{k}",
        )
        x, y = _number_position(W, int(k), lim)
        ax.text(x, y, str(k), fontsize=9, color=col, ha="center", va="center",
                fontweight="bold" if k in highlight else "normal", gid=f"number-{k}")
    ax.set_xlim(-lim, lim)
    ax.set_ylim(-lim, lim)
    ax.set_aspect("equal")
    ax.axhline(0, color="#cccccc", linewidth=0.6)
    ax.axvline(0, color="#cccccc", linewidth=0.6)


def _segment_distance(p: np.ndarray, a: np.ndarray) -> float:
    """Distance from point p to the segment from the origin to a."""
    aa = float(a @ a)
    t = 0.0 if aa == 0.0 else min(1.0, max(0.0, float(p @ a) / aa))
    return float(np.linalg.norm(p - t * a))


def _number_position(W: np.ndarray, k: int, lim: float) -> tuple[float, float]:
    """Just past the tip of arrow k, or beside it when that spot lies on another arrow."""
    w = np.asarray(W[k, :2], dtype=np.float64)
    n = float(np.linalg.norm(w))
    u = w / n if n > 0 else np.array([0.0, 1.0])
    step = 0.09 * lim
    spot = w + step * u
    others = [np.asarray(W[j, :2], dtype=np.float64) for j in range(len(W)) if j != k]
    if any(_segment_distance(spot, o) < 0.6 * step for o in others):
        side = np.array([-u[1], u[0]])
        spot = w + 1.2 * step * side
        if any(_segment_distance(spot, o) < 0.6 * step for o in others):
            spot = w - 1.2 * step * side
    return float(spot[0]), float(spot[1])


def paper_three_models(
    inputs: np.ndarray,
    argmax: np.ndarray,
    models: Sequence[tuple[str, np.ndarray]],
    pair: tuple[int, int],
    *,
    input_lim: float = 3.3,
    vector_lim: float = 2.6,
) -> Figure:
    """The unrestricted example: inputs coloured by argmax, then each model's unembeddings."""
    from matplotlib.colors import Colormap, ListedColormap

    inputs = np.asarray(inputs, dtype=np.float64)
    fig = _figure(3.1 * (1 + len(models)), 3.6)
    axes = fig.subplots(1, 1 + len(models))
    n_labels = int(np.asarray(models[0][1]).shape[0])
    cmap: Colormap
    if n_labels <= len(MODEL_COLORS):
        cmap = ListedColormap(MODEL_COLORS[:n_labels])
    else:  # more labels than the papers' examples have: one distinct colour each
        from matplotlib import colormaps

        cmap = colormaps["tab20"].resampled(n_labels)
    ax = axes[0]
    ax.scatter(
        inputs[:, 0],
        inputs[:, 1],
        c=argmax,
        cmap=cmap,
        vmin=-0.5,
        vmax=n_labels - 0.5,
        s=5,
        gid="inputs",
    )
    ax.set_xlim(-input_lim, input_lim)
    ax.set_ylim(-input_lim, input_lim)
    ax.set_aspect("equal")
    ax.set_title(f"a) {inputs.shape[0]} inputs by argmax label", fontsize=9)
    _label_colour_legend(ax, cmap, n_labels)
    for k, (name, W) in enumerate(models, start=1):
        W = np.asarray(W, dtype=np.float64)
        i, j = pair
        cos = float(W[i] @ W[j] / (np.linalg.norm(W[i]) * np.linalg.norm(W[j])))
        _arrows(
            axes[k],
            W,
            highlight=pair,
            lim=vector_lim,
            colors=MODEL_COLORS[:n_labels] if n_labels <= len(MODEL_COLORS) else None,
        )
        axes[k].set_title(f"{chr(ord('a') + k)}) {name}: cos(w{i}, w{j}) = {cos:+.3f}", fontsize=9)
    return fig


def _label_colour_legend(ax: Any, cmap: Any, n_labels: int) -> None:
    """Which colour is which label, under panel (a) (the points fill the panel itself)."""
    from matplotlib.lines import Line2D

    handles = [Line2D([], [], linestyle="none", marker="o", markersize=5, color=cmap(k), label=str(k))
               for k in range(n_labels)]
    ax.legend(handles=handles, title="argmax label", title_fontsize=8, fontsize=8, ncols=n_labels,
              loc="upper center", bbox_to_anchor=(0.5, -0.08), handletextpad=0.1, columnspacing=0.8)


def paper_tie_graph(
    W: np.ndarray,
    tie_pairs: Sequence[tuple[int, int]],
    *,
    title: str,
    annotate: Sequence[tuple[int, int]] = (),
    lim: float = 2.0,
) -> Figure:
    """Unembeddings as arrows, tie-able pairs (computed) as edges, chosen pairs' cosines written."""
    W = np.asarray(W, dtype=np.float64)
    fig = _figure(5.4, 5.0)
    ax = fig.subplots()
    for i, j in tie_pairs:
        ax.plot(
            [W[i, 0], W[j, 0]], [W[i, 1], W[j, 1]], color=YES_COLOR, linewidth=2.0, gid=EDGE_GID
        )
    _arrows(ax, W, lim=lim)
    lines = []
    tied = {(min(a, b), max(a, b)) for a, b in tie_pairs}
    for i, j in annotate:
        cos = float(W[i] @ W[j] / (np.linalg.norm(W[i]) * np.linalg.norm(W[j])))
        tie = "tie-able" if (min(i, j), max(i, j)) in tied else "never tie"
        if tie == "never tie":
            _never_tie_line(ax, W, i, j)
        lines.append(f"cos(w{i}, w{j}) = {cos:+.3f}: {tie}")
    if lines:
        ax.text(
            0.02,
            0.02,
            "\n".join(lines),
            transform=ax.transAxes,
            fontsize=8,
            va="bottom",
            bbox={"facecolor": "white", "edgecolor": "#cccccc", "alpha": 0.9},
        )
    ax.set_title(
        title + "\n(green: pairs that can share the top; red dashed: a chosen pair that never can)",
        fontsize=9,
    )
    return fig


def _never_tie_line(ax: Any, W: np.ndarray, i: int, j: int) -> None:
    """A chosen pair that can never share the top: a thick red dashed line drawn above the arrows
    and edges it crosses (the title and the box of cosines name it)."""
    from matplotlib import patheffects

    ax.plot([W[i, 0], W[j, 0]], [W[i, 1], W[j, 1]], color=NEVER_COLOR, linewidth=2.6,
            linestyle=(0, (4, 2)), zorder=6, gid=NO_EDGE_GID, solid_capstyle="butt",
            path_effects=[patheffects.withStroke(linewidth=4.6, foreground="white")])


# ----------------------------------------------------------------------------- per report


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
    m = _as_matrix(report["cosine"])
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
                paper_tie_graph(
                    e["W"], [tuple(t) for t in e["ties"]], title=title, annotate=e["pairs"], lim=lim
                ),
            )
        )
    return out
