"""Figures are inspected as objects: axes, titles, data, colour limits, highlighted cells, lines."""

from __future__ import annotations

import math
import sys

import numpy as np
import pytest

from cosaudit.errors import MissingExtraError
from cosaudit.report import figures as F
from cosaudit.report import paper_figures as PF
from cosaudit.report import report_figures as RF

pytest.importorskip("matplotlib")


def _image_axes(fig):
    return [
        ax
        for ax in fig.axes
        if ax.images and ax.get_gid() != "colorbar" and ax.get_label() != "<colorbar>"
    ]


def _patches(ax, gid):
    return [p for p in ax.patches if p.get_gid() == gid]


def _lines(ax, gid):
    return [ln for ln in ax.get_lines() if ln.get_gid() == gid]


# ----------------------------------------------------------------------------- heatmaps


def test_heatmaps_share_one_colour_scale_and_outline_the_pair():
    names = ["a", "b", "c"]
    m1 = [[1.0, 0.8, 0.1], [0.8, 1.0, -0.2], [0.1, -0.2, 1.0]]
    m2 = [[1.0, -1.0, 0.3], [-1.0, 1.0, -0.3], [0.3, -0.3, 1.0]]
    m3 = [
        [1.0, 0.05, 0.3],
        [0.05, 1.0, 0.2],
        [0.3, 0.2, 1.0],
    ]  # small values: autoscale would differ
    fig = F.cosine_heatmaps(
        [("original", m1), ("−1 model", m2), ("small", m3)], names, highlight=(0, 1)
    )
    axes = _image_axes(fig)
    assert [ax.get_title() for ax in axes] == ["original", "−1 model", "small"]
    images = [ax.images[0] for ax in axes]
    assert all(im.get_clim() == (-1.0, 1.0) for im in images)
    assert len({id(im.norm) for im in images}) == 1  # literally one scale
    np.testing.assert_allclose(np.asarray(images[1].get_array()), np.asarray(m2))
    # exactly one colour bar, on the same scale
    bars = [ax for ax in fig.axes if ax not in axes]
    assert len(bars) == 1
    for ax in axes:
        cells = sorted((p.get_x(), p.get_y()) for p in _patches(ax, F.HIGHLIGHT_GID))
        assert cells == [(-0.5, 0.5), (0.5, -0.5)]  # (0,1) and (1,0), outlined in every panel
    assert [t.get_text() for t in axes[0].get_xticklabels()] == names


def test_heatmap_without_highlight_and_with_undefined_cells():
    fig = F.cosine_heatmaps([("raw", [[1.0, None], [None, 1.0]])], ["x", "zero row"])
    (ax,) = _image_axes(fig)
    assert not _patches(ax, F.HIGHLIGHT_GID)
    arr = ax.images[0].get_array()
    assert np.ma.is_masked(arr) and bool(arr.mask[0, 1]) and not bool(arr.mask[0, 0])
    texts = [t.get_text() for t in ax.texts]
    assert texts.count("+1.00") == 2 and len(texts) == 2  # undefined cells are left blank


@pytest.mark.parametrize(
    "panels, names, highlight",
    [
        ([], ["a"], None),
        ([("p", [[1.0, 0.5], [0.5, 1.0]])], ["a", "b", "c"], None),
        ([("p", [[1.0, 0.5, 0.1]])], ["a"], None),
        ([("p", [[1.0, 0.5], [0.5, 1.0]])], ["a", "b"], (0, 2)),
    ],
)
def test_heatmap_bad_inputs(panels, names, highlight):
    with pytest.raises(ValueError):
        F.cosine_heatmaps(panels, names, highlight=highlight)


# ----------------------------------------------------------------------------- distributions


def test_distributions_mark_the_chosen_pairs():
    rng = np.random.default_rng(1)
    raw = np.clip(rng.normal(0.3, 0.2, 500), -1, 1)
    cen = np.clip(rng.normal(0.0, 0.2, 500), -1, 1)
    fig = F.cosine_distributions(
        raw, cen, marks=[("dog/cat", 0.57, 0.55), ("dog/car", 0.1, None)], seed=7
    )
    ax_raw, ax_cen = fig.axes
    assert ax_raw.get_title().startswith("raw cosine over 500 random label pairs, seed 7")
    assert ax_cen.get_title().startswith("centered cosine")
    assert ax_cen.get_xlim() == (-1.0, 1.0) and ax_raw.get_xlim() == (-1.0, 1.0)
    assert sum(p.get_height() for p in ax_raw.patches) == 500
    assert sorted(ln.get_xdata()[0] for ln in _lines(ax_raw, F.MARK_GID)) == [0.1, 0.57]
    assert [ln.get_xdata()[0] for ln in _lines(ax_cen, F.MARK_GID)] == [
        0.55
    ]  # undefined: not drawn
    assert f"median {np.median(raw):+.3f}" in ax_raw.get_title()
    assert [t.get_text() for t in ax_raw.get_legend().get_texts()] == [
        "dog/cat +0.57",
        "dog/car +0.10",
    ]
    assert [t.get_text() for t in ax_cen.get_legend().get_texts()] == ["dog/cat +0.55"]


def test_distributions_need_data():
    with pytest.raises(ValueError):
        F.cosine_distributions(np.array([np.nan]), np.array([]))


# ----------------------------------------------------------------------------- neighbours


def test_neighbours_figure_makes_the_difference_plain(neighbours_report):
    r = neighbours_report.data
    fig = F.neighbours_figure("dog", r["cosine"], r["tieable"], centered=r["centered_cosine"])
    ax_raw, ax_cen, ax_tie = fig.axes
    assert [ax.get_title() for ax in fig.axes] == [
        "by raw cosine",
        "by centered cosine",
        "tie-able (can share the top)",
    ]
    assert [t.get_text() for t in ax_raw.get_yticklabels()] == ["small", "owl", "cat"]
    assert [t.get_text() for t in ax_tie.get_yticklabels()] == ["cat", "car", "red"]
    from matplotlib.colors import to_hex

    yes, no = F.YES_COLOR, F.NO_COLOR
    # only "cat" is in both lists: green there, grey elsewhere
    assert [to_hex(p.get_facecolor()) for p in ax_raw.patches] == [no, no, yes]
    assert [to_hex(p.get_facecolor()) for p in ax_tie.patches] == [yes, no, no]
    assert [p.get_width() for p in ax_tie.patches] == [0.9, 0.4, 0.1]
    assert "1 of the 3 nearest by cosine" in fig._suptitle.get_text()


def test_neighbours_figure_with_no_tieable_neighbours():
    fig = F.neighbours_figure("x", [{"label": "y", "cosine": 0.9}], [])
    assert len(fig.axes) == 2
    assert any(t.get_text() == "none" for t in fig.axes[1].texts)


# ----------------------------------------------------------------------------- verification


def test_verification_figure_log_axis_and_rounding_line():
    exact = np.array([1e-16, 3e-16, 0.0, 2e-17])
    stored = np.array([2e-4, 1e-3, 5e-4, 3e-4])
    level = 2.0**-8
    fig = F.verification_figure(
        [("−1 model, float64", exact), ("−1 model, bfloat16", stored)], level, "bfloat16"
    )
    (ax,) = fig.axes
    assert ax.get_yscale() == "log"
    (line,) = _lines(ax, F.ROUNDING_GID)
    assert line.get_ydata()[0] == level
    assert "bfloat16 rounding level" in line.get_label()
    pts = _lines(ax, "probe-0")[0].get_ydata()
    floor = pts[2]
    assert floor < 2e-17 and floor > 0  # the exact zero is drawn at a floor below everything
    np.testing.assert_array_equal(_lines(ax, "probe-1")[0].get_ydata(), stored)
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert any("exactly 0" in t for t in labels) and any("max 1.0e-03" in t for t in labels)


@pytest.mark.parametrize("level", [0.0, -1.0, math.nan, math.inf])
def test_verification_figure_bad_level(level):
    with pytest.raises(ValueError):
        F.verification_figure([("m", np.array([1e-9]))], level, "float32")


def test_verification_figure_needs_series():
    with pytest.raises(ValueError):
        F.verification_figure([], 1e-8, "float32")


# ----------------------------------------------------------------------------- paper figures


def test_paper_three_models_figure():
    rng = np.random.default_rng(0)
    X = rng.standard_normal((50, 2))
    W = np.array([[1.0, 0.5], [0.5, 1.0], [-1.0, 0.4]])
    am = np.argmax(X @ W.T, axis=1)
    fig = PF.paper_three_models(
        X, am, [("model 1", W), ("−1 model", W - W[:2].mean(axis=0))], (0, 1)
    )
    assert len(fig.axes) == 3
    assert fig.axes[0].collections[0].get_offsets().shape == (50, 2)
    np.testing.assert_array_equal(fig.axes[0].collections[0].get_array(), am)
    assert "cos(w0, w1) = +0.800" in fig.axes[1].get_title()
    assert "cos(w0, w1) = -1.000" in fig.axes[2].get_title()


def test_paper_three_models_figure_colours_more_labels_than_the_palette():
    rng = np.random.default_rng(1)
    X = rng.standard_normal((80, 2))
    W = rng.standard_normal((len(F.MODEL_COLORS) + 2, 2))
    am = np.argmax(X @ W.T, axis=1)
    fig = PF.paper_three_models(X, am, [("model", W)], (0, 1))
    cmap = fig.axes[0].collections[0].get_cmap()
    assert cmap.N == W.shape[0]
    assert len({tuple(cmap(k)) for k in range(W.shape[0])}) == W.shape[0]


def test_paper_tie_graph_draws_edges_and_non_ties():
    W = np.array([[1.4, -1], [1.4, 1], [-0.9, 0.3], [-1, 0], [-0.9, -0.3]])
    ties = [(0, 1), (0, 4), (1, 2), (2, 3), (3, 4)]
    fig = PF.paper_tie_graph(W, ties, title="centered", annotate=[(1, 2), (2, 4)])
    (ax,) = fig.axes
    edges = _lines(ax, F.EDGE_GID)
    assert len(edges) == 5
    assert {tuple(e.get_xdata()) for e in edges} >= {(1.4, 1.4), (-0.9, -1.0)}
    (no,) = _lines(ax, F.NO_EDGE_GID)  # (2, 4) never ties
    assert tuple(no.get_xdata()) == (-0.9, -0.9)
    box = [t.get_text() for t in ax.texts if "cos(" in t.get_text()][0]
    assert "cos(w1, w2) = -0.588: tie-able" in box and "cos(w2, w4) = +0.800: never tie" in box


# ----------------------------------------------------------------------------- reports


def test_inspect_report_figures(inspect_report):
    figs = RF.report_figures(inspect_report)
    assert [f.key for f in figs] == ["cosine-heatmaps", "cosine-distributions"]
    heat = figs[0].figure
    axes = _image_axes(heat)
    # the original (raw, centered) and the −1 / +1 equivalents of the first chosen pair
    assert [ax.get_title() for ax in axes] == [
        "raw cosine", "centered cosine", "-1 model (dog / cat)", "+1 model (dog / cat)"]
    np.testing.assert_allclose(
        np.asarray(axes[0].images[0].get_array()), np.asarray(inspect_report.data["cosine"], dtype=float)
    )
    assert np.asarray(axes[2].images[0].get_array())[0, 1] == -1.0
    assert {tuple(im.get_clim()) for ax in axes for im in ax.images} == {(-1.0, 1.0)}
    # the chosen pair of highest raw cosine is outlined
    m = np.asarray(inspect_report.data["cosine"], dtype=float) - 2 * np.eye(4)
    i, j = np.unravel_index(np.argmax(m), m.shape)
    cells = sorted((p.get_x(), p.get_y()) for p in _patches(axes[0], F.HIGHLIGHT_GID))
    assert cells == sorted([(j - 0.5, i - 0.5), (i - 0.5, j - 0.5)])
    dist = figs[1].figure
    assert len(_lines(dist.axes[0], F.MARK_GID)) == 6  # 4 labels: 6 pairs marked


def test_flip_report_figures(flip_report):
    figs = RF.report_figures(flip_report)
    assert [f.key for f in figs] == ["cosine-heatmaps", "verification"]
    axes = _image_axes(figs[0].figure)
    assert [ax.get_title() for ax in axes] == [
        "original (raw)",
        "original (centered)",
        "−1 model",
        "+1 model",
    ]
    pair_cos = [float(ax.images[0].get_array()[0, 1]) for ax in axes]
    assert pair_cos[0] == pytest.approx(flip_report.data["original"]["cosine"], abs=1e-6)
    assert pair_cos[2] == pytest.approx(-1.0, abs=1e-9) and pair_cos[3] == pytest.approx(
        1.0, abs=1e-9
    )
    assert all(ax.images[0].get_clim() == (-1.0, 1.0) for ax in axes)
    assert all(len(_patches(ax, F.HIGHLIGHT_GID)) == 2 for ax in axes)
    (ver,) = figs[1].figure.axes
    assert ver.get_yscale() == "log"
    assert (
        _lines(ver, F.ROUNDING_GID)[0].get_ydata()[0]
        == flip_report.rounding_level
    )
    # one series per model and storage: float64 and as stored, 200 probes each
    series = [ln for ln in ver.get_lines() if str(ln.get_gid()).startswith("probe-")]
    assert len(series) == 4 and all(len(s.get_ydata()) == 200 for s in series)
    # the per-probe arrays are the ones behind the report's maxima
    for m, typed in zip(flip_report.data["models"], flip_report.models, strict=True):
        assert float(np.max(typed.abs_prob_diff)) == m["max_abs_prob_diff"]
        assert float(np.max(typed.stored_abs_prob_diff)) == m["stored_max_abs_prob_diff"]


def test_rescale_report_figures(rescale_report):
    figs = RF.report_figures(rescale_report)
    titles = [ax.get_title() for ax in _image_axes(figs[0].figure)]
    assert titles == [
        "original (raw)",
        "original (centered)",
        "rescaled, target -0.5 (raw)",
        "rescaled, target -0.5 (centered)",
    ]


def test_neighbours_report_figures(neighbours_report):
    (fig,) = RF.report_figures(neighbours_report)
    assert fig.key == "neighbours" and len(fig.figure.axes) == 3


def test_reports_without_figures():
    from cosaudit.audit.reports import ArgmaxReport

    assert RF.report_figures(ArgmaxReport({"schema": "cosaudit.argmax/1"})) == []


def test_png_and_svg_bytes():
    fig = F.cosine_heatmaps([("p", [[1.0, 0.2], [0.2, 1.0]])], ["a", "b"])
    png = F.to_png(fig)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 1000
    svg = F.to_svg(fig)
    assert "<svg" in svg and "</svg>" in svg


def test_missing_matplotlib_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    with pytest.raises(MissingExtraError) as err:
        F.cosine_heatmaps([("p", [[1.0]])], ["a"])
    assert "pip install 'cosaudit[plot]'" in err.value.hint
