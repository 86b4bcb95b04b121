"""Renderers of the `inspect` report: rich text, JSON, Markdown (data in, string out)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cosaudit.report._common import cosine_style, fmt, fmt_num, md_table, render_rich
from cosaudit.report.render import ReportRenderer
from cosaudit.report.similar import behaviour_lines

if TYPE_CHECKING:
    from cosaudit.audit.reports import InspectReport



def _label_names(report: dict[str, Any]) -> list[str]:
    out = []
    for lab in report["labels"]:
        tok = lab.get("token")
        name = lab["label"]
        out.append(name if tok in (None, name) else f"{name} ({tok})")
    return out


def _facts_rows(report: dict[str, Any]) -> list[tuple[str, str]]:
    c = report["checkpoint"]
    norm = c.get("final_norm")
    rows = [
        ("checkpoint", str(c["source"]) + (f" @ {c['revision']}" if c.get("revision") else "")),
        ("head tensor", f"{c['tensor']}  {c['shape'][0]} × {c['shape'][1]}  {c['dtype']}"),
        ("head type", report["head_type"]),
        ("tied", f"yes, to {c['tied_to']}" if c.get("tied") else "no"),
        ("output bias", c.get("bias") or "none"),
        ("final norm", f"{norm['kind']} ({norm['weight']})" if norm else "none found"),
        ("logit soft-capping", f"{c['softcap']:g}" if c.get("softcap") else "none"),
    ]
    if c.get("padding_rows"):
        rows.append(("padding rows", f"{c['padding_rows']} (past the tokenizer's {c['n_vocab']} entries)"))
    return rows


def _matrix_table(title: str, names: list[str], m: list[list[float | None]], *, color: bool,
                  cosine: bool = True) -> Table:
    t = Table(title=title, title_justify="left", title_style="bold")
    t.add_column("")
    for n in names:
        t.add_column(n, justify="right")
    for name, row in zip(names, m, strict=True):
        cells = [Text(fmt(x) if cosine else fmt_num(x), style=cosine_style(x) if color and cosine else "")
                 for x in row]
        t.add_row(name, *cells)
    return t


def _neighbours_table(neighbours: list[dict[str, Any]]) -> Table:
    t = Table(title="nearest rows over the vocabulary: raw vs centered cosine", title_justify="left",
              title_style="bold")
    t.add_column("label")
    t.add_column("by raw cosine")
    t.add_column("by centered cosine")
    for nb in neighbours:
        raw = ", ".join(f"{n['label']} {fmt(n['cosine'], 2)}" for n in nb["cosine"])
        cen = ", ".join(f"{n['label']} {fmt(n['cosine'], 2)}" for n in nb["centered_cosine"])
        t.add_row(nb["label"], raw, cen)
    return t


def _found_lines(report: dict[str, Any]) -> list[Text]:
    """How the head's facts were found, and what was done to in-memory weights before the audit."""
    out = []
    if report.get("detection"):
        out.append(Text("found: " + "; ".join(report["detection"]), style="dim"))
    if report["checkpoint"].get("processing"):
        out.append(Text("weights processed before this audit: " + report["checkpoint"]["processing"],
                        style="bold yellow"))
    return out


def render_text(r: InspectReport, *, color: bool = False, width: int = 100) -> str:
    report = r.data
    v = report["verdict"]
    parts: list[Any] = []
    style = "bold red" if not v["identifiable"] else "bold green"
    parts.append(Panel(Text.assemble((v["headline"] + "\n", style), v["why"] + "\n\n",
                                     ("Instead: ", "bold"), v["instead"] + "\n", (v["reference"], "dim")),
                       title="cosaudit inspect", border_style="red" if not v["identifiable"] else "green"))
    facts = Table(show_header=False, box=None)
    facts.add_column(style="bold")
    facts.add_column()
    for k, val in _facts_rows(report):
        facts.add_row(k, val)
    parts.append(facts)
    parts += _found_lines(report)
    names = _label_names(report)
    if names:
        parts.append(_matrix_table("cosine (raw)", names, report["cosine"], color=color))
        parts.append(_matrix_table("cosine (centered: mean row removed)", names, report["centered_cosine"],
                                   color=color))
        parts.append(_matrix_table("dot product", names, report["dot"], color=False, cosine=False))
    for extra in report.get("_text_sections", []):
        parts.append(extra)
    if report.get("equivalents"):
        parts.append(_equivalents_table(report))
        parts.extend(Text(line, style="dim") for line in _equivalents_notes(report))
    parts.extend(Text(line) for line in behaviour_lines(report))
    if report.get("tieable"):
        parts.append(_tieable_table(names, report["tieable"]))
    if report.get("combinations"):
        parts.append(Text(_combinations_text(report["combinations"])))
    if report.get("neighbours"):
        parts.append(_neighbours_table(report["neighbours"]))
    s = report["summary"]
    ps = s["pair_sample"]
    summ = Table(title="vocabulary-wide", title_justify="left", show_header=False, box=None)
    summ.add_column(style="bold")
    summ.add_column()
    summ.add_row("rows used", f"{s['valid_rows']} of {s['rows']} (d = {s['dim']})")
    summ.add_row("|mean row| / mean |row|", fmt_num(s["mean_norm_ratio"], 3))
    if ps["pairs"]:
        summ.add_row(f"raw cosine, {ps['pairs']} random pairs", _quantiles(ps["raw"]))
        summ.add_row("centered cosine, same pairs", _quantiles(ps["centered"]))
    msp = s["most_similar_pairs"]
    if msp["pairs"]:
        top = "; ".join(f"{p['labels'][0]} / {p['labels'][1]} {fmt(p['cosine'])}" for p in msp["pairs"])
        summ.add_row(f"most similar pairs ({msp['rows_searched']} sampled rows, seed {msp['seed']})", top)
    parts.append(summ)
    for w in report.get("warnings", []):
        parts.append(Text("warning: " + w, style="yellow"))
    return render_rich(parts, color=color, width=width)


def _quantiles(q: dict[str, float | None]) -> str:
    return f"median {fmt(q.get('q50'))}, 1–99% [{fmt(q.get('q01'))}, {fmt(q.get('q99'))}]"


def _equivalent_rows(report: dict[str, Any]) -> list[list[str]]:
    rows = []
    for e in report["equivalents"]:
        if e.get("refused"):
            rows.append([" / ".join(e["labels"]), fmt(e["cosine"]), "—", "—", "refused (see below)"])
            continue
        dp = e.get("max_abs_prob_diff")
        rows.append([" / ".join(e["labels"]), fmt(e["cosine"]), fmt(e["minus1"]), fmt(e["plus1"]),
                     "n/a" if dp is None else f"{dp:.1e}"])
    return rows


def _equivalents_table(report: dict[str, Any]) -> Table:
    t = Table(title="the same model, other cosines (equivalent models: same probabilities)",
              title_justify="left", title_style="bold")
    for col in ("pair", "measured", "−1 model", "+1 model", "max |Δp|"):
        t.add_column(col, justify="left" if col == "pair" else "right")
    for row in _equivalent_rows(report):
        t.add_row(*row)
    return t


def _equivalents_notes(report: dict[str, Any]) -> list[str]:
    notes = []
    check = report.get("equivalents_check") or {}
    if check.get("probes") and any(e.get("max_abs_prob_diff") is not None for e in report["equivalents"]):
        notes.append(f"max |Δp| over {check['probes']} probe inputs (seed {check['seed']}, "
                     f"{check['precision']}): {check['method']}")
    refusals = sorted({e["refused"] for e in report["equivalents"] if e.get("refused")})
    notes.extend(f"refused: {r}" for r in refusals)
    similar = [e for e in report["equivalents"] if e.get("origin") != "chosen"]
    for e in similar:
        notes.append(f"{' / '.join(e['labels'])}: the most similar pair found in the vocabulary sample")
    return notes


def _combinations_text(c: dict[str, Any]) -> str:
    sets = "; ".join("{" + ", ".join(s) + "}" if s else "{}" for s in c["on_sets"])
    return (f"label combinations some input produces ({c['count']} of {c['possible']}; "
            f"{c['statement']}): {sets}")


def _tieable_table(names: list[str], tie: dict[str, Any]) -> Table:
    t = Table(title=f"can share the top prediction (tie-able; search space: {tie.get('space', 'R^d')})",
              title_justify="left")
    t.add_column("")
    for n in names:
        t.add_column(n, justify="center")
    for name, row in zip(names, tie["matrix"], strict=True):
        t.add_row(name, *["—" if x is None else ("yes" if x else "no") for x in row])
    return t


def render_markdown(r: InspectReport) -> str:
    report = r.data
    v = report["verdict"]
    out = [f"# cosaudit inspect: {report['checkpoint']['source']}", "",
           f"**{v['headline']}.** {v['why']}", "", f"**Instead:** {v['instead']}", "",
           f"_{v['reference']}_", "", "## Head", "",
           md_table(["fact", "value"], [[k, val] for k, val in _facts_rows(report)]), ""]
    if report["checkpoint"].get("processing"):
        out += [f"> **Weights processed before this audit:** {report['checkpoint']['processing']}", ""]
    names = _label_names(report)
    for key, title in (("cosine", "Cosine (raw)"), ("centered_cosine", "Cosine (centered)"), ("dot", "Dot product")):
        if names:
            num = fmt if key != "dot" else fmt_num
            out += [f"## {title}", "", md_table([""] + names, [[n] + [num(x) for x in row]
                                                              for n, row in zip(names, report[key], strict=True)]), ""]
    if report.get("equivalents"):
        out += ["## The same model, other cosines", "",
                "Equivalent models give every input the same probabilities, yet each pair's cosine "
                "is −1 in one and +1 in the other.", "",
                md_table(["pair", "measured", "−1 model", "+1 model", "max |Δp|"], _equivalent_rows(report)),
                ""] + [f"- {n}" for n in _equivalents_notes(report)] + [""]
    out += [f"- {line}" for line in behaviour_lines(report)] + ([""] if report.get("behaviour") else [])
    if report.get("tieable"):
        tie = report["tieable"]
        out += [f"## Tie-able (can share the top prediction; {tie.get('space', 'R^d')})", "",
                md_table([""] + names, [[n] + ["—" if x is None else ("yes" if x else "no") for x in row]
                                        for n, row in zip(names, tie["matrix"], strict=True)]), ""]
    if report.get("combinations"):
        out += ["## Label combinations (sigmoid head)", "", _combinations_text(report["combinations"]), ""]
    for nb in report.get("neighbours", []):
        out += [f"## Nearest rows to `{nb['label']}`", "",
                md_table(["raw cosine", "centered cosine"],
                         [[f"{a['label']} {fmt(a['cosine'])}", f"{b['label']} {fmt(b['cosine'])}"]
                          for a, b in zip(nb["cosine"], nb["centered_cosine"], strict=False)]), ""]
    s = report["summary"]
    ps = s["pair_sample"]
    out += ["## Vocabulary-wide", "",
            f"- rows used: {s['valid_rows']} of {s['rows']} (d = {s['dim']})",
            f"- |mean row| / mean |row|: {fmt_num(s['mean_norm_ratio'], 3)}"]
    if ps["pairs"]:
        out.append(f"- raw cosine over {ps['pairs']} random pairs (seed {ps['seed']}): "
                   f"{_quantiles(ps['raw'])}; centered: {_quantiles(ps['centered'])}")
    for p in s["most_similar_pairs"]["pairs"]:
        out.append(f"- similar pair: {p['labels'][0]} / {p['labels'][1]}: cosine {fmt(p['cosine'])}, "
                   f"centered {fmt(p['centered_cosine'])}")
    if report.get("warnings"):
        out += ["", "## Warnings", ""] + [f"- {w}" for w in report["warnings"]]
    return "\n".join(out) + "\n"


def _figures(r: InspectReport) -> list[Any]:
    from cosaudit.report.report_figures import inspect_figures

    return inspect_figures(r)


RENDERER = ReportRenderer(text=render_text, markdown=render_markdown, figures=_figures)
