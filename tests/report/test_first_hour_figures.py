"""Figures a newcomer reads (issue 14), checked as data: legend and line boxes from matplotlib's
renderer, colours of bars and markers, and pixels of the rendered PNG where "visible" is the
claim."""

from __future__ import annotations

import io
from typing import Any

import numpy as np
import pytest

pytest.importorskip("matplotlib")

from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.colors import to_hex, to_rgb  # noqa: E402

from cosaudit.report import figures as F  # noqa: E402
from cosaudit.report import report_figures as RF  # noqa: E402


def _draw(fig: Any) -> Any:
    FigureCanvasAgg(fig)
    fig.draw_without_rendering()
    return fig.canvas.get_renderer()


def _pixels(fig: Any, dpi: int = 100) -> np.ndarray:
    """The figure as an RGB array (rows from the top) at `dpi`."""
    from PIL import Image

    FigureCanvasAgg(fig)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    return np.asarray(Image.open(io.BytesIO(buf.getvalue())).convert("RGB")).astype(int)


def _count_colour(img: np.ndarray, box: Any, colour: str, tol: int = 40) -> int:
    """Pixels of `colour` inside a display box (origin bottom-left, as matplotlib's)."""
    h = img.shape[0]
    x0, x1 = int(box.x0), int(box.x1)
    y0, y1 = int(h - box.y1), int(h - box.y0)
    patch = img[max(y0, 0):y1, max(x0, 0):x1]
    rgb = np.array([round(255 * c) for c in to_rgb(colour)])
    return int((np.abs(patch - rgb).max(axis=2) <= tol).sum())


# ----------------------------------------------------------------------------- verification


@pytest.mark.parametrize(
    ("stored", "level", "dtype"),
    [
        (np.abs(np.random.default_rng(0).normal(size=80)) * 3e-3, 2.0**-8, "bfloat16"),  # at the line
        (np.full(500, 2e-15), 6e-8, "float32"),  # far below it
        (np.array([0.0, 0.0, 1e-9]), 1e-3, "float16"),  # zeros: a floor line too
    ],
)
def test_verification_legend_covers_no_line_and_no_point(stored: np.ndarray, level: float, dtype: str) -> None:
    exact = np.array([1e-16, 3e-16, 0.0, 2e-17] * 5)
    fig = F.verification_figure([("−1 model, float64", exact), (f"−1 model, {dtype}", stored)], level, dtype)
    (ax,) = fig.axes
    renderer = _draw(fig)
    legend = ax.get_legend().get_window_extent(renderer)
    frame = ax.get_window_extent(renderer)
    assert frame.x0 <= legend.x0 and legend.x1 <= frame.x1 and frame.y0 <= legend.y0 and legend.y1 <= frame.y1
    for line in ax.get_lines():  # probe points, the rounding line, the floor of exact zeros
        ys = line.get_transform().transform(line.get_xydata())[:, 1]
        assert ys.max() < legend.y0, line.get_label()
    rounding = [ln for ln in ax.get_lines() if ln.get_gid() == F.ROUNDING_GID]
    assert len(rounding) == 1 and rounding[0].get_ydata()[0] == level


# ----------------------------------------------------------------------------- histograms


def _marks(n_labels: int) -> list[tuple[str, float, float]]:
    rng = np.random.default_rng(3)
    return [(f"l{a}/l{b}", float(rng.uniform(-0.5, 0.9)), float(rng.uniform(-0.5, 0.9)))
            for a in range(n_labels) for b in range(a + 1, n_labels)]


def test_histogram_legend_lists_all_fifteen_pairs_beside_the_axes() -> None:
    marks = _marks(6)
    assert len(marks) == 15
    raw = np.random.default_rng(0).uniform(-1, 1, 2000)
    fig = F.cosine_distributions(raw, raw * 0.9, marks=marks, marks_total=15)
    renderer = _draw(fig)
    for ax, col in zip(fig.axes, (1, 2), strict=True):
        legend = ax.get_legend()
        texts = [t.get_text() for t in legend.get_texts()]
        assert texts == [f"{m[0]} {m[col]:+.2f}" for m in marks]
        assert legend.get_title().get_text() == "chosen pairs"
        # beside the axes: it covers no bar and no line
        assert legend.get_window_extent(renderer).x0 >= ax.get_window_extent(renderer).x1


def test_histogram_legend_says_which_pairs_are_shown() -> None:
    from pathlib import Path

    from cosaudit.audit.inspect import run_inspect
    from cosaudit.load import open_head, resolve_labels

    head = open_head(str(Path(__file__).resolve().parents[2] / "fixtures" / "demo-lm"))
    names = ["dog", "cat", "horse", "car", "red", "blue", "green", "sofa"]
    labels, _ = resolve_labels(head, names, [])
    report = run_inspect(head, labels, n_pairs=2000, seed=0, tieable=False)
    (dist,) = [f for f in RF.report_figures(report) if f.key == "cosine-distributions"]
    assert "15 of 28" in dist.caption
    ax_raw = dist.figure.axes[0]
    assert ax_raw.get_legend().get_title().get_text() == "15 of 28 chosen pairs\n(the most similar)"
    shown = [float(t.get_text().rsplit(" ", 1)[1]) for t in ax_raw.get_legend().get_texts()]
    cos = np.array(report.data["cosine"], dtype=float)
    every = sorted((cos[a, b] for a in range(8) for b in range(a + 1, 8)), reverse=True)
    assert sorted(shown, reverse=True) == pytest.approx([round(x, 2) for x in every[:15]], abs=0.006)


# ----------------------------------------------------------------------------- neighbours


def _share(**kw: Any) -> dict:
    share = {"exhaustive": True, "tieable": 233, "others": 236, "shown": 3, "not_shown": 230,
             "cosine_tieable": 2, "centered_tieable": 1, "expected_at_random": 2.96,
             "relation": "share the top with"}
    share.update(kw)
    return share


def test_neighbours_figure_says_the_share_first() -> None:
    cosine = [{"label": "small", "cosine": 0.7, "tieable": True},
              {"label": "owl", "cosine": 0.6, "tieable": False},
              {"label": "cat", "cosine": 0.5, "tieable": True}]
    tie = [{"label": "park", "margin": 0.3}, {"label": "cat", "margin": 0.2}, {"label": "x", "margin": 0.1}]
    fig = F.neighbours_figure("dog", cosine, tie, share=_share())
    title = fig._suptitle.get_text()
    assert title.startswith("'dog' can share the top with 233 of 236 other labels (98.7 %)")
    assert "2 of its 3 nearest by cosine are tie-able; 2.96 expected" in title
    ax_cos, ax_tie = fig.axes
    assert ax_tie.get_title() == "tie-able: the 3 of largest witness margin\n(+230 more not shown)"
    assert [to_hex(p.get_facecolor()) for p in ax_cos.patches] == [F.YES_COLOR, F.NO_COLOR, F.YES_COLOR]
    assert [to_hex(p.get_facecolor()) for p in ax_tie.patches] == [F.NO_COLOR, F.YES_COLOR, F.NO_COLOR]
    assert len(fig.legends[0].get_texts()) == 2


def test_neighbours_figure_marks_undecided_ones() -> None:
    cosine = [{"label": "a", "cosine": 0.7, "tieable": True}, {"label": "b", "cosine": 0.6, "tieable": None}]
    fig = F.neighbours_figure("q", cosine, [{"label": "a", "margin": 0.2}],
                              share=_share(exhaustive=False, tieable=None, not_shown=None))
    assert [to_hex(p.get_facecolor()) for p in fig.axes[0].patches] == [F.YES_COLOR, F.UNDECIDED_COLOR]
    assert "tie-ability not decided" in [t.get_text() for t in fig.legends[0].get_texts()]
    assert "not computed" in fig._suptitle.get_text()


# ----------------------------------------------------------------------------- the papers


@pytest.fixture(scope="module")
def paper_figures() -> dict:
    from cosaudit.audit.paper import run_paper

    return {f.key: f.figure for f in RF.report_figures(run_paper())}


def test_panel_a_has_a_colour_legend_that_covers_no_point(paper_figures: dict) -> None:
    fig = paper_figures["three-models"]
    ax = fig.axes[0]
    legend = ax.get_legend()
    assert [t.get_text() for t in legend.get_texts()] == ["0", "1", "2", "3", "4"]
    assert legend.get_title().get_text() == "argmax label"
    scatter = ax.collections[0]
    cmap, norm = scatter.get_cmap(), scatter.norm
    for k, handle in enumerate(legend.legend_handles):
        assert to_hex(handle.get_color()) == to_hex(cmap(norm(k)))
    renderer = _draw(fig)
    assert legend.get_window_extent(renderer).y1 <= ax.get_window_extent(renderer).y0


def test_fig1d_short_arrow_is_on_top_and_visible(paper_figures: dict) -> None:
    fig = paper_figures["three-models"]
    ax_d = fig.axes[3]
    arrows = {a.get_gid(): a for a in ax_d.texts if (a.get_gid() or "").startswith("arrow-")}
    a0, a1 = arrows["arrow-0"], arrows["arrow-1"]
    assert a0.get_zorder() > a1.get_zorder()  # the shorter of the collinear pair is drawn last
    assert a0.arrow_patch.shrinkA == 0 and a0.arrow_patch.shrinkB == 0
    renderer = _draw(fig)
    numbers = [t for t in ax_d.texts if (t.get_gid() or "").startswith("number-")]
    boxes = [t.get_window_extent(renderer) for t in numbers]
    for a in range(len(boxes)):
        for b in range(a + 1, len(boxes)):
            assert not boxes[a].overlaps(boxes[b]), (numbers[a].get_text(), numbers[b].get_text())
    img = _pixels(fig)
    blue = F.MODEL_COLORS[0]
    assert _count_colour(img, a0.arrow_patch.get_window_extent(renderer), blue) >= 25


@pytest.mark.parametrize("key", ["centered", "centered-unit-length"])
def test_never_tie_line_is_drawn_on_top_and_visible(paper_figures: dict, key: str) -> None:
    fig = paper_figures[key]
    (ax,) = fig.axes
    (line,) = [ln for ln in ax.get_lines() if ln.get_gid() == F.NO_EDGE_GID]
    assert line.get_linewidth() >= 2.4
    others = [ln.get_zorder() for ln in ax.get_lines() if ln is not line] + [t.get_zorder() for t in ax.texts]
    assert line.get_zorder() > max(others)
    _draw(fig)
    img = _pixels(fig)
    h = img.shape[0]
    xs, ys = line.get_xdata(), line.get_ydata()
    red = np.array([round(255 * c) for c in to_rgb(F.NEVER_COLOR)])
    hits = 0
    ts = np.linspace(0.2, 0.8, 25)
    for t in ts:
        x, y = ax.transData.transform((xs[0] + t * (xs[1] - xs[0]), ys[0] + t * (ys[1] - ys[0])))
        px = img[int(round(h - y)), int(round(x))]
        hits += int(np.abs(px - red).max() <= 60)
    assert hits >= 0.5 * len(ts), hits
