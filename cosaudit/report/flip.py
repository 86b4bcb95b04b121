"""Renderers of the `flip` report: data in, string out (text via rich, JSON, Markdown)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.table import Table
from rich.text import Text

from cosaudit.report._common import fmt, fmt_num, label_with_row, md_table, render_rich
from cosaudit.report.render import ReportRenderer
from cosaudit.report.similar import behaviour_lines

if TYPE_CHECKING:
    from cosaudit.audit.reports import FlipReport



def _pair_names(report: dict[str, Any]) -> str:
    a, b = report["labels"]
    return f"{label_with_row(a['label'], a['id'])} and {label_with_row(b['label'], b['id'])}"


def _target(t: float) -> str:
    return f"{t:+g}"


def _sci(x: float | None) -> str:
    return "n/a" if x is None else f"{x:.2e}"


def _agree(m: dict[str, Any], prefix: str = "") -> str:
    ok = m.get(f"{prefix}argmax_agree")
    if ok is None:
        return "n/a"
    return "all agree" if ok else f"{m.get(f'{prefix}argmax_disagreements')} differ"


def _headline(report: dict[str, Any]) -> str:
    """The one-paragraph answer at the top of the report."""
    o = report["original"]
    if report.get("outcome"):
        return report["outcome"]["message"]
    cos = [fmt(m["cosine"]) for m in report["models"]]
    sym = (
        "translating every row by the same vector"
        if report["symmetry"] == "translate"
        else "rescaling the final norm's gain and the head's columns"
    )
    if report.get("stored_equivalent") is False:
        dtype = (report.get("verification") or {}).get("stored_dtype", "the stored dtype")
        return (
            f"The cosine of {_pair_names(report)} is {fmt(o['cosine'])} in this checkpoint, and "
            f"{' and '.join(cos)} in models built by {sym} — exactly equivalent models, but NOT "
            f"equivalent once stored in {dtype} (see the warnings; --dtype float32 stores them exactly)."
        )
    return (
        f"The cosine of {_pair_names(report)} is {fmt(o['cosine'])} in this checkpoint, and "
        f"{' and '.join(cos)} in models built by {sym} — models that give the same probabilities "
        "for every input (verified below). The cosine is not a property of the model."
    )


def verified_what(report: dict[str, Any]) -> str:
    """What the verification figures are, in words: which logits were compared, and how."""
    ver = report.get("verification") or {}
    dtype = ver.get("stored_dtype", "the stored dtype")
    if report.get("symmetry") == "rescale":
        exact = (
            "Exact equivalent: logits (W/e)·(e⊙h) = W·h, unchanged by construction, in float64"
        )
        stored = (
            f"as stored: logits of the head rows and norm gain/shift as written in {dtype}, "
            "computed element by element in float64"
        )
    else:
        exact = (
            "Exact equivalent: float64 logits of W + c, i.e. z + c·h (every logit moves by the "
            "same c·h)"
        )
        stored = (
            f"as stored: logits of the rows as written in {dtype}, computed element by element "
            "in float64 — the check that can fail"
        )
    return f"{exact}; {stored}"


def _neighbour_line(entry: dict[str, Any]) -> str:
    return ", ".join(f"{n['label']} {fmt(n['cosine'])}" for n in entry["neighbours"]) or "—"


def _header_parts(report: dict[str, Any]) -> list[Any]:
    """The title line, the headline, the behaviour lines and the warnings."""
    ck = report["checkpoint"]
    parts: list[Any] = [
        Text(
            f"cosaudit flip — {ck['source']} ({ck['tensor']}, {ck['shape'][0]} × {ck['shape'][1]}, "
            f"{ck['dtype']}{', tied' if ck['tied'] else ''})",
            style="bold",
        )
    ]
    parts.append(Text(_headline(report)))
    parts.extend(Text(line) for line in behaviour_lines(report))
    for w in report.get("warnings", []):
        parts.append(Text(f"warning: {w}", style="yellow"))
    return parts


def _models_table(report: dict[str, Any]) -> Table:
    """The pair's cosines in the original and in each equivalent model, with the probability checks."""
    o = report["original"]
    table = Table(title=f"the pair in each model ({report['symmetry']})", title_justify="left")
    for col in (
        "model",
        "cosine",
        "centered cosine",
        "|c| / mean |w|" if report["symmetry"] == "translate" else "scale e range",
        "max |Δp|",
        "max |Δ log p|",
        "argmax",
    ):
        table.add_column(col, justify="right" if col != "model" else "left")
    table.add_row("original", fmt(o["cosine"]), fmt(o["centered_cosine"]), "—", "—", "—", "—")
    for m in report["models"]:
        move = (
            fmt_num(m.get("translation_norm"))
            if report["symmetry"] == "translate"
            else "–".join(fmt_num(x) for x in m.get("scale_range") or [])
        )
        table.add_row(
            f"target {_target(m['target'])} (float64)",
            fmt(m["cosine"]),
            fmt(m["centered_cosine"]),
            move,
            _sci(m["max_abs_prob_diff"]),
            _sci(m["max_abs_logprob_diff"]),
            _agree(m),
        )
        table.add_row(
            f"  as stored in {m['stored_dtype']}",
            fmt(m["stored_cosine"]),
            "",
            "",
            _sci(m["stored_max_abs_prob_diff"]),
            _sci(m["stored_max_abs_logprob_diff"]),
            _agree(m, "stored_"),
        )
    return table


def _verification_text(ver: dict[str, Any], report: dict[str, Any]) -> Text:
    """How the equivalents were verified: probes, seed, and which logits were compared."""
    return Text(
        f"verified on {ver['n_probes']} probe hidden states (seed {ver['seed']}; "
        f"{'auto count, --probes N for more' if ver['probes_auto'] else 'as asked'}): "
        f"{ver['probe_set']}; "
        "probabilities compared in float64 over the whole vocabulary. "
        f"{verified_what(report)}.",
        style="dim",
    )


def _model_notes(report: dict[str, Any]) -> list[Text]:
    """Each model's notes, and a hint when rounding it to a low-precision dtype is not exact."""
    parts = []
    for m in report["models"]:
        for note in m.get("notes", []):
            parts.append(Text(f"target {_target(m['target'])}: {note}", style="yellow"))
        if m.get("stored_dtype") not in (None, "float32", "float64") and m.get(
            "stored_max_abs_prob_diff"
        ):
            parts.append(
                Text(
                    f"target {_target(m['target'])}: rounding the equivalent to "
                    f"{m['stored_dtype']} is not exact "
                    f"(max |Δp| {_sci(m['stored_max_abs_prob_diff'])}); --dtype float32 stores it "
                    "(nearly) exactly.",
                    style="dim",
                )
            )
    return parts


def _neighbours_table(report: dict[str, Any]) -> Table:
    """The nearest rows of the pair in the original and in each model."""
    nb = Table(title=f"nearest rows by cosine (top {_topk(report)})", title_justify="left")
    nb.add_column("model")
    nb.add_column("label")
    nb.add_column("neighbours")
    for entry in report["original"].get("neighbours", []):
        nb.add_row("original", entry["label"], _neighbour_line(entry))
    for m in report["models"]:
        for entry in m.get("neighbours", []):
            nb.add_row(f"target {_target(m['target'])}", entry["label"], _neighbour_line(entry))
    return nb


def _saved_lines(report: dict[str, Any]) -> list[Text]:
    """Where each saved model went, how it was stored, and its notes."""
    parts = []
    for m in report["models"]:
        if m.get("saved"):
            s = m["save"]
            line = (
                f"saved the {_target(m['target'])} model to {m['saved']} ({s['layout']}, head "
                f"{s['head_tensor']} "
                f"in {m['saved_dtype']}, tie {s['tie']}); its max |Δp| as stored: "
                f"{_sci(m['saved_max_abs_prob_diff'])}"
            )
            if s.get("input_max_abs_diff") is not None:
                moved = _sci(s["input_max_abs_diff"])
                line += f"; input embeddings (token + position) moved by at most {moved}"
            parts.append(Text(line, style="green"))
            for note in s.get("notes", []):
                parts.append(Text(f"  {note}", style="dim"))
    return parts


def render_text(r: FlipReport, *, color: bool = False) -> str:
    """The report for a terminal (rich tables; ANSI colours only when `color`)."""
    report = r.data
    parts = _header_parts(report)
    if report["models"]:
        parts.append(_models_table(report))
    if r.matrices:  # the pair and its neighbours, before/after, coloured
        from cosaudit.report.terminal import cosine_panels

        parts.append(cosine_panels(r.matrix_names, r.matrices, color=color))
    ver = report.get("verification")
    if ver:
        parts.append(_verification_text(ver, report))
    parts.extend(_model_notes(report))
    if report["original"].get("neighbours"):
        parts.append(_neighbours_table(report))
    parts.extend(_saved_lines(report))
    return render_rich(parts, color=color, width=120)


def _topk(report: dict[str, Any]) -> int:
    nbs = report["original"].get("neighbours") or []
    return max((len(e["neighbours"]) for e in nbs), default=0)


def render_markdown(r: FlipReport) -> str:
    """The report as Markdown (tables, for notes and pull requests)."""
    report = r.data
    o = report["original"]
    ck = report["checkpoint"]
    lines = [
        f"# cosaudit flip: {_pair_names(report)}",
        "",
        f"Checkpoint `{ck['source']}`, head `{ck['tensor']}` ({ck['shape'][0]} × "
        f"{ck['shape'][1]}, {ck['dtype']}).",
        "",
        _headline(report),
        "",
    ]
    lines += [f"{line}\n" for line in behaviour_lines(report)]
    for w in report.get("warnings", []):
        lines += [f"> warning: {w}", ""]
    if report["models"]:
        rows = [["original", fmt(o["cosine"]), fmt(o["centered_cosine"]), "—", "—", "—", "—", "—"]]
        for m in report["models"]:
            rows.append(
                [
                    f"target {_target(m['target'])}",
                    fmt(m["cosine"]),
                    fmt(m["centered_cosine"]),
                    fmt_num(m.get("translation_norm")),
                    _sci(m["max_abs_prob_diff"]),
                    _sci(m["max_abs_logprob_diff"]),
                    _agree(m),
                    f"{m['stored_dtype']}: {_sci(m['stored_max_abs_prob_diff'])}",
                ]
            )
        lines.append(
            md_table(
                [
                    "model",
                    "cosine",
                    "centered cosine",
                    "|c| / mean |w|",
                    "max |Δp|",
                    "max |Δ log p|",
                    "argmax",
                    "as stored: max |Δp|",
                ],
                rows,
            )
        )
        lines.append("")
    ver = report.get("verification")
    if ver:
        lines += [
            f"Verified on {ver['n_probes']} probe hidden states (seed {ver['seed']}): "
            f"{ver['probe_set']}. {verified_what(report)}.",
            "",
        ]
    if o.get("neighbours"):
        rows = [["original", e["label"], _neighbour_line(e)] for e in o["neighbours"]]
        for m in report["models"]:
            rows += [
                [f"target {_target(m['target'])}", e["label"], _neighbour_line(e)]
                for e in m.get("neighbours", [])
            ]
        lines += [
            "## Nearest rows by cosine",
            "",
            md_table(["model", "label", "neighbours"], rows),
            "",
        ]
    for m in report["models"]:
        if m.get("saved"):
            lines += [
                f"Saved the {_target(m['target'])} model to `{m['saved']}` ({m['saved_dtype']}).",
                "",
            ]
    return "\n".join(lines)


def _figures(r: FlipReport) -> list[Any]:
    from cosaudit.report.report_figures import flip_figures

    return flip_figures(r)


RENDERER = ReportRenderer(text=render_text, markdown=render_markdown, figures=_figures)
