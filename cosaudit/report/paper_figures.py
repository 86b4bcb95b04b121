"""The papers' worked examples as figures (`cosaudit paper`): data in, `Figure` out.

- `paper_three_models`: Nielsen's unrestricted example: inputs coloured by argmax, then each
  probability-equivalent model's unembeddings, the compared pair's cosine in the title;
- `paper_tie_graph`: which pairs of labels can share the top prediction (an edge) and which never can.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from cosaudit.report.figures import EDGE_GID, MODEL_COLORS, NEVER_COLOR, NO_EDGE_GID, YES_COLOR, new_figure

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure


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
    fig = new_figure(3.1 * (1 + len(models)), 3.6)
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
    fig = new_figure(5.4, 5.0)
    ax = fig.subplots()
    for i, j in tie_pairs:
        ax.plot(
            [W[i, 0], W[j, 0]], [W[i, 1], W[j, 1]], color=YES_COLOR, linewidth=2.0, gid=EDGE_GID
        )
    _arrows(ax, W, lim=lim)
    lines = []
    tied = {(min(a, b), max(a, b)) for a, b in tie_pairs}
    for i, j in annotate:
        # cosaudit: ignore[COS101] -- the paper's figure shows these cosines to be arbitrary
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
