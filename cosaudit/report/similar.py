"""Renderers of `cosaudit similar` (data in, str out) and its figures.

Matrix mode shows one row per pair of chosen labels; `--label` mode the behavioural neighbours
beside the cosine neighbours. Every report says what each number means in one line, and that the
behavioural numbers are the same in every equivalent model while the cosines are not.
"""

from __future__ import annotations

import math
from typing import Any

from rich.table import Table
from rich.text import Text

from cosaudit.report._common import fmt, md_table, render_rich, to_json
from cosaudit.report.render import ReportRenderer

RATE_NA = "n/a"


def render_json(report: dict[str, Any]) -> str:
    return to_json(report)


def _rate(x: float | None) -> str:
    return RATE_NA if x is None else f"{x:.3f}"


def _range(r: list[float] | None, cos: float | None) -> str:
    if r is None:
        return f"fixed {fmt(cos)}" if cos is not None else "n/a"
    return f"{fmt(r[0], 2)} … {fmt(r[1], 2)}".replace("-", "−")


def _name(lab: dict[str, Any]) -> str:
    tok = lab.get("token")
    name = str(lab.get("label"))
    return name + (f" ({tok})" if tok and tok != name else "")


def _title(report: dict[str, Any]) -> str:
    c = report.get("checkpoint") or {}
    shape = c.get("shape") or ["?", "?"]
    what = (f"labels like {_name(report['label'])}" if report.get("label")
            else ", ".join(_name(lab) for lab in report["labels"]))
    return (f"Behavioural similarity: {what} — {c.get('source', '?')} · {shape[0]}×{shape[1]} "
            f"{report.get('head_type')} head")


PAIR_HEADER = ["i", "j", "logprob r", "co-top", "runner-up i→j", "runner-up j→i", "cosine", "centered",
               "cosine across equivalents"]


def _pair_rows(report: dict[str, Any]) -> list[list[str]]:
    names = [_name(lab) for lab in report["labels"]]
    rows = []
    for a in range(len(names)):
        for b in range(a + 1, len(names)):
            rows.append([
                names[a], names[b], fmt(report["logprob_correlation"][a][b]),
                _rate(report["cotop_rate"][a][b]), _rate(report["runner_up_rate"][a][b]),
                _rate(report["runner_up_rate"][b][a]), fmt(report["cosine"][a][b]),
                fmt(report["centered_cosine"][a][b]),
                _range(report["cosine_range"][a][b], report["cosine"][a][b]),
            ])
    return rows


NEIGHBOUR_HEADER = ["#", "by behaviour", "logprob r", "co-top", "runner-up", "cosine", "by raw cosine", "cos",
                    "logprob r"]


def _neighbour_rows(report: dict[str, Any]) -> list[list[str]]:
    beh, cos = report["neighbours"] or [], report["cosine_neighbours"] or []
    rows = []
    for r in range(max(len(beh), len(cos))):
        row = [str(r + 1)]
        if r < len(beh):
            e = beh[r]
            row += [f"{e['label']} #{e['id']}", fmt(e["logprob_correlation"]), _rate(e["cotop_rate"]),
                    _rate(e["runner_up_rate"]), fmt(e["cosine"])]
        else:
            row += [""] * 5
        if r < len(cos):
            e = cos[r]
            row += [f"{e['label']} #{e['id']}", fmt(e["cosine"]), fmt(e["logprob_correlation"])]
        else:
            row += [""] * 3
        rows.append(row)
    return rows


def lead(report: dict[str, Any]) -> list[str]:
    """The opening sentences: what was measured, on what, and why it can be trusted."""
    n = report["n_inputs"]
    out = [f"Measured on {n} inputs: {report['hidden_source']}."]
    if report.get("label"):
        beh = report["neighbours"] or []
        cos = {e["id"] for e in report["cosine_neighbours"] or []}
        same = sum(1 for e in beh if e["id"] in cos)
        out.append(f"{same} of the {len(beh)} labels the model treats most like {_name(report['label'])} "
                   f"are among its {len(cos)} nearest rows by cosine.")
    names = [str(lab["label"]) for lab in report["labels"]]
    out.append("Top prediction on: " + ", ".join(f"{nm} {c}" for nm, c in zip(names, report["top_counts"],
                                                                             strict=True)) + f" of the {n} inputs.")
    out.append(report["invariance"])
    return out


def explanations(report: dict[str, Any]) -> list[str]:
    sem = report["semantics"]
    lines = [f"{k}: {sem[k]}." for k in ("logprob_correlation", "cotop_rate", "runner_up_rate", "cosine",
                                          "centered_cosine")]
    return lines + [f"note: {n}." for n in report.get("notes", [])]


def render_text(report: dict[str, Any], *, color: bool = False) -> str:
    head = Text(_title(report), style="bold")
    if report.get("label"):
        header, rows = NEIGHBOUR_HEADER, _neighbour_rows(report)
    else:
        header, rows = PAIR_HEADER, _pair_rows(report)
    t = Table(show_header=True, header_style="bold")
    for h in header:
        t.add_column(h, justify="left" if h in ("i", "j", "by behaviour", "by raw cosine") else "right")
    for row in rows:
        t.add_row(*row)
    intro = [Text(line) for line in lead(report)]
    foot = [Text(line, style="dim") for line in explanations(report)]
    return render_rich([head, *intro, t, *foot], color=color, width=140)


def render_markdown(report: dict[str, Any]) -> str:
    out = [f"# {_title(report)}", ""]
    out += [" ".join(lead(report)), ""]
    if report.get("label"):
        out.append(md_table(NEIGHBOUR_HEADER, _neighbour_rows(report)))
    else:
        out.append(md_table(PAIR_HEADER, _pair_rows(report)))
    out.append("")
    out += [f"- {line}" for line in explanations(report)]
    return "\n".join(out) + "\n"


def similarity_line(entry: dict[str, Any]) -> str:
    """The one line `flip` and `inspect` add per pair when hidden states are available."""
    a, b = entry["labels"]
    rng, cos = entry["cosine_range"], entry["cosine"]
    moves = (f"cosine {rng[0]:+.0f} … {rng[1]:+.0f} across equivalent models".replace("-", "−") if rng
             else f"cosine {fmt(cos)} in every equivalent model")
    r = entry["logprob_correlation"]
    beh = "undefined (a constant log-probability)" if r is None else f"r = {r:.2f}"
    return (f"{a} / {b}: {moves}; behavioural similarity {beh} in all of them "
            f"(log-prob correlation over {entry['n_inputs']} inputs: cosaudit similar)")


def behaviour_lines(report: dict[str, Any]) -> list[str]:
    """`similarity_line` for every pair a report carries under `behaviour` (none: no lines)."""
    return [similarity_line(e) for e in report.get("behaviour") or []]


# ----------------------------------------------------------------------------- figures


def _neighbours_figure(report: dict[str, Any]) -> Any:
    from cosaudit.report.figures import new_figure

    beh = [{"label": e["label"], "cosine": e["logprob_correlation"]} for e in report["neighbours"] or []]
    cos = [{"label": e["label"], "cosine": e["cosine"]} for e in report["cosine_neighbours"] or []]
    fig = new_figure(8.0, 0.32 * max(len(beh), len(cos), 1) + 1.7)
    return _bars(fig, str(report["label"]["label"]), beh, cos)


def _bars(fig: Any, label: str, beh: list[dict[str, Any]], cos: list[dict[str, Any]]) -> Any:
    from cosaudit.report.figures import NO_COLOR, YES_COLOR

    axes = fig.subplots(1, 2)
    sets = [{e["label"] for e in cos}, {e["label"] for e in beh}]
    for ax, items, other, title, xl in (
        (axes[0], beh, sets[0], "by behaviour (identifiable)", "log-prob correlation"),
        (axes[1], cos, sets[1], "by raw cosine (not identifiable)", "cosine"),
    ):
        vals = [math.nan if e["cosine"] is None else float(e["cosine"]) for e in items]
        ax.barh(range(len(items)), [0.0 if math.isnan(v) else v for v in vals],
                color=[YES_COLOR if e["label"] in other else NO_COLOR for e in items], gid=f"bars-{xl}")
        ax.set_yticks(range(len(items)), labels=[str(e["label"]) for e in items], fontsize=8)
        ax.invert_yaxis()
        ax.set_xlim(-1.05, 1.05)
        ax.set_title(title, fontsize=10)
        ax.set_xlabel(xl)
    fig.suptitle(f"labels like {label!r}: behaviour on data vs cosine (green: in both lists)", fontsize=11)
    return fig


def _scatter_figure(report: dict[str, Any]) -> Any:
    from cosaudit.report.figures import new_figure

    sc = report.get("_scatter") or {}
    xs, ys = sc.get("cosine", []), sc.get("correlation", [])
    chosen = sc.get("chosen", [False] * len(xs))
    fig = new_figure(6.2, 4.6)
    ax = fig.subplots()
    pts = [(x, y, c) for x, y, c in zip(xs, ys, chosen, strict=True) if x is not None and y is not None]
    ax.scatter([p[0] for p in pts if not p[2]], [p[1] for p in pts if not p[2]], s=8, alpha=0.5,
               color="#7f7f7f", label="sampled pairs", gid="sampled")
    ax.scatter([p[0] for p in pts if p[2]], [p[1] for p in pts if p[2]], s=36, color="#d62728",
               label="chosen pairs", gid="chosen")
    ax.set_xlim(-1.05, 1.05)
    ax.set_ylim(-1.05, 1.05)
    ax.set_xlabel("raw cosine of the rows (any value in −1 … +1 in an equivalent model)")
    ax.set_ylabel("log-prob correlation (the same in every equivalent model)")
    ax.set_title(f"cosine vs behaviour: {len(pts)} pairs (seed {sc.get('seed')})", fontsize=10)
    ax.legend(fontsize=8, loc="lower right")
    return fig


def similar_figures(report: dict[str, Any]) -> list[Any]:
    """The figures of a similar report (needs matplotlib)."""
    from cosaudit.report.figures import cosine_heatmaps
    from cosaudit.report.report_figures import ReportFigure

    out = []
    if report.get("label"):
        name = str(report["label"]["label"])
        out.append(ReportFigure("neighbours", f"Labels like {name!r}: by behaviour on data vs by cosine",
                                _neighbours_figure(report)))
    else:
        names = [str(lab["label"]) for lab in report["labels"]]
        panels = [("log-prob correlation", report["logprob_correlation"]), ("co-top rate", report["cotop_rate"]),
                  ("raw cosine", report["cosine"])]
        out.append(ReportFigure("similarity-heatmaps",
                                "Behaviour on data (same in every equivalent model) beside the raw cosine",
                                cosine_heatmaps(panels, names)))
    if (report.get("_scatter") or {}).get("cosine"):
        what = report["_scatter"].get("what", "sampled pairs")
        out.append(ReportFigure("cosine-vs-behaviour", f"Cosine vs log-prob correlation: {what}",
                                _scatter_figure(report)))
    return out


# ----------------------------------------------------------------------------- the typed report's renderer


def _text(r: Any, *, color: bool = False) -> str:
    return render_text(r.render_dict(), color=color)


def _markdown(r: Any) -> str:
    return render_markdown(r.render_dict())


def _figures(r: Any) -> list[Any]:
    return similar_figures(r.render_dict())


def _json(r: Any) -> str:
    return render_json(r.to_dict())


RENDERER = ReportRenderer(text=_text, markdown=_markdown, figures=_figures, json=_json)
