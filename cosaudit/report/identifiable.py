"""Renderers of the identifiable answers: `neighbours`, `argmax`, `patterns` (data in, str out)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.table import Table
from rich.text import Text

from cosaudit.report._common import fmt, fmt_num, label_with_id, md_table, render_rich
from cosaudit.report.render import ReportRenderer

if TYPE_CHECKING:
    from cosaudit.audit.reports import ArgmaxReport, NeighboursReport, PatternsReport


def _ckpt(report: dict[str, Any]) -> str:
    c = report.get("checkpoint") or {}
    shape = c.get("shape") or ["?", "?"]
    where = f"{c.get('source', '?')} · {c.get('tensor', '?')} {shape[0]}×{shape[1]}"
    return f"{where} · {report.get('head_type')} head"


def _label(entry: dict[str, Any]) -> str:
    tok = entry.get("token")
    name = str(entry.get("label"))
    if tok and tok != name:
        name += f" ({tok})"
    return label_with_id(name, entry.get("id"))


# ----------------------------------------------------------------------------- neighbours


def _margin_cell(entry: dict[str, Any]) -> str:
    """A witness margin; one below the storage dtype's resolution is marked as a tie in practice."""
    m = entry.get("margin")
    if m is None:
        return ""
    return fmt_num(m, 3) + (" (float tie)" if entry.get("storage_tie") else "")


def _float_tie_line(entries: list[dict[str, Any]], what: str) -> list[str]:
    n = sum(bool(e.get("storage_tie")) for e in entries)
    if not n:
        return []
    return [
        f"{n} {what} marked (float tie): the witness's margin is below the stored dtype's resolution — "
        "it holds in exact arithmetic, but in practice another label ties with it."
    ]



def _neighbour_rows(report: dict[str, Any]) -> list[list[str]]:
    cols = [report["cosine"], report["centered_cosine"], report["tieable"]]
    n = max((len(c) for c in cols), default=0)
    rows = []
    for r in range(n):
        row = [str(r + 1)]
        for c, key in zip(cols, ("cosine", "cosine", "margin"), strict=True):
            if r < len(c):
                e = c[r]
                val = fmt(e.get(key)) if key == "cosine" else _margin_cell(e)
                row += [label_with_id(e["label"], e["id"]), val]
            else:
                row += ["", ""]
        rows.append(row)
    return rows


def _share_lines(report: dict[str, Any]) -> list[str]:
    """What fraction of the vocabulary is tie-able with the label, said before the lists."""
    share = report.get("tieable_share")
    if not share:
        return []
    name = repr(str(report["label"].get("label")))
    verb = share.get("relation", "share the top with")
    if not share["exhaustive"]:
        return [f"The share of the {share['others']} other labels tie-able with {name} was not computed "
                f"({share['why']}): the tie-able column lists {share['shown']} found among the candidates "
                "closest to it."]
    n, others = share["tieable"], share["others"]
    pct = 100.0 * n / others if others else 0.0
    lines = [f"{name} can {verb} {n} of the {others} other labels ({pct:.1f} %)"
             + (": being tie-able with it sets few labels apart." if pct >= 90 else ".")]
    n_cos = len(report["cosine"])
    if n_cos and share.get("cosine_tieable") is not None:
        lines.append(
            f"Of its {n_cos} nearest by raw cosine {share['cosine_tieable']} are tie-able"
            + (f", by centered cosine {share['centered_tieable']}" if share.get("centered_tieable") is not None
               else "")
            + f"; {share['expected_at_random']:g} of {n_cos} labels picked at random would be."
        )
    if share["not_shown"]:
        lines.append(f"The tie-able column shows the {share['shown']} with the largest witness margin; "
                     f"{share['not_shown']} more are not shown.")
    return lines


def _search_line(report: dict[str, Any]) -> str:
    s = report["tieable_search"]
    if s.get("interrupted"):
        if not s.get("label_argmaxable"):
            return "Interrupted during the label's own argmax check: no neighbour was checked."
        return (f"Interrupted: {len(report['tieable'])} tie-able found among {s['candidates_checked']} "
                "candidates checked; not a complete list.")
    if s.get("note"):
        return s["note"] + " (one argmax check settled it)."
    if s.get("exhaustive"):
        return (f"Every one of the {s['candidates_considered']} other rows decided (a witness or an LP "
                "certificate): the list is complete.")
    found = f"{len(report['tieable'])} tie-able found among {s['candidates_checked']} candidates checked"
    if s.get("complete"):
        return found + ": every other label was decided, so the list is complete."
    left = s["candidates_considered"] - s["candidates_checked"]
    why = []
    if left > 0 or s["candidates_considered"] < report["checkpoint"]["shape"][0] - 1:
        why.append("labels further down the candidate order were not checked")
    if s.get("undecided"):
        why.append(f"{s['undecided']} checked by witness search only, without the exact LP")
    return found + "; not a complete list (" + "; ".join(why or ["the search stopped at k"]) + ")."


def _cosine_caveat(report: dict[str, Any]) -> str:
    if report.get("head_type") == "sigmoid":
        return (
            "Sigmoid head: translation is no symmetry here, and the cosines of all rows together "
            "determine which label combinations can be predicted (Nielsen & Grivas, Lemma 5.3)."
        )
    return "The cosine columns change under an equivalent model (same probabilities); the tie-able column does not."


def _neighbours_footer(report: dict[str, Any]) -> list[str]:
    lines = [
        f"tie-able: {report['semantics']} (searched: {report['space']}).",
        _search_line(report),
        _cosine_caveat(report),
        report["margin_note"] + ".",
        *_float_tie_line(report["tieable"], "tie-able neighbour(s)"),
    ]
    return lines + list(report.get("notes", []))


def render_neighbours_text(r: NeighboursReport, *, color: bool = False) -> str:
    report = r.data
    head = Text(f"Neighbours of {_label(report['label'])} — {_ckpt(report)}", style="bold")
    share = [Text(line) for line in _share_lines(report)]
    t = Table(show_header=True, header_style="bold")
    t.add_column("#", justify="right")
    for name, what in (("raw cosine", "cos"), ("centered cosine", "cos"), ("tie-able", "margin")):
        t.add_column(name)
        t.add_column(what, justify="right")
    for row in _neighbour_rows(report):
        t.add_row(*row)
    if not report["tieable"]:
        t.caption = "no tie-able neighbour found"
    foot = [Text(line, style="dim") for line in _neighbours_footer(report)]
    return render_rich([head, *share, t, *foot], color=color, width=120)


def render_neighbours_markdown(r: NeighboursReport) -> str:
    report = r.data
    out = [f"# Neighbours of {_label(report['label'])}", "", f"*{_ckpt(report)}*", ""]
    out += [*_share_lines(report), ""] if report.get("tieable_share") else []
    out.append(
        md_table(
            ["#", "raw cosine", "cos", "centered cosine", "cos", "tie-able", "margin"],
            _neighbour_rows(report),
        )
    )
    out.append("")
    out += [f"- {line}" for line in _neighbours_footer(report)]
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------- argmax



def _never(report: dict[str, Any]) -> str:
    return "predicted alone" if report["head_type"] == "sigmoid" else "the top prediction"


def _argmax_summary(report: dict[str, Any]) -> list[str]:
    n_no = len(report["not_argmaxable"])
    lines = [
        f"{report['answered']} of {report['requested']} labels answered"
        + ("" if report["complete"] else " (interrupted: partial results)")
        + f"; {n_no} can never be {_never(report)}"
        + (f"; {len(report['undecided'])} undecided within tolerance." if report.get("undecided") else "."),
        f"computed in {report.get('dtype', 'float64')}.",
        f"argmaxable: {report['semantics']} (searched: {report['space']}).",
        "methods: " + ", ".join(f"{k} {v}" for k, v in report["methods"].items()),
        *_float_tie_line(report["labels"], "argmaxable label(s)"),
    ]
    return lines + list(report.get("notes", []))


def _argmax_rows(report: dict[str, Any], limit: int | None) -> list[list[str]]:
    rows = report["labels"]
    if limit is not None and len(rows) > limit:
        # the interesting ones first: every "no", then the first "yes" rows
        no = [r for r in rows if r["argmaxable"] is not True]
        yes = [r for r in rows if r["argmaxable"] is True]
        rows = no + yes[: max(0, limit - len(no))]
    return [
        [
            str(r["label"]),
            str(r["id"]),
            {"yes": "yes", "no": "NO", "undecided": "undecided"}.get(
                r.get("verdict", ""), "yes" if r["argmaxable"] else "NO"
            ),
            _margin_cell(r),
            r["method"],
            r.get("why_not") or "",
        ]
        for r in rows
    ]


def render_argmax_text(r: ArgmaxReport, *, color: bool = False) -> str:
    report = r.data
    head = Text(f"Argmaxable labels — {_ckpt(report)}", style="bold")
    t = Table(show_header=True, header_style="bold")
    for c in ("label", "id", "argmaxable", "margin", "method", "why not"):
        t.add_column(c, overflow="fold")
    limit = 200
    for row in _argmax_rows(report, limit):
        style = "bold red" if row[2] == "NO" else ""
        t.add_row(*row, style=style)
    parts: list[Any] = [head, t]
    if len(report["labels"]) > limit:
        parts.append(
            Text(
                f"(table shows every label that is not argmaxable and the first "
                f"answers; {len(report['labels'])} in the JSON report)",
                style="dim",
            )
        )
    parts += [Text(line) for line in _argmax_summary(report)]
    return render_rich(parts, color=color, width=120)


def render_argmax_markdown(r: ArgmaxReport) -> str:
    report = r.data
    out = ["# Argmaxable labels", "", f"*{_ckpt(report)}*", ""]
    out += [f"- {line}" for line in _argmax_summary(report)]
    out.append("")
    out.append(md_table(["label", "id", "argmaxable", "margin", "method", "why not"], _argmax_rows(report, 500)))
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------- patterns



def _pattern_strings(report: dict[str, Any]) -> list[str]:
    names = {e["id"]: str(e["label"]) for e in report["labels"]}
    if report["kind"] == "rankings":
        return [" > ".join(names.get(i, f"#{i}") for i in p) for p in report["patterns"]]
    order = [str(e["label"]) for e in report["labels"]]
    out = []
    for p in report["patterns"]:
        on = [n for n, s in zip(order, p, strict=True) if s > 0]
        out.append(("{" + ", ".join(on) + "}") if on else "{} (none)")
    return out


def _patterns_lines(report: dict[str, Any]) -> list[str]:
    thin = report.get("within_tolerance") or []
    return [
        report["statement"] + f" (relative margin at least {report.get('tolerance', 0):.2g}).",
        *([f"Within tolerance, not counted: {len(thin)} more (see the JSON report)."] if thin else []),
        "Meaning: " + report["meaning"] + f" (searched: {report['space']}).",
        *report.get("notes", []),
    ]


def render_patterns_text(r: PatternsReport, *, color: bool = False) -> str:
    report = r.data
    what = "rankings" if report["kind"] == "rankings" else "label combinations"
    labels = ", ".join(_label(e) for e in report["labels"])
    head = Text(f"Possible {what} of {labels} — {_ckpt(report)}", style="bold")
    t = Table(show_header=True, header_style="bold")
    t.add_column("#", justify="right")
    t.add_column("ranking (most likely first)" if report["kind"] == "rankings" else "predicted labels")
    for n, s in enumerate(_pattern_strings(report), 1):
        t.add_row(str(n), s)
    return render_rich([head, t, *[Text(x) for x in _patterns_lines(report)]], color=color, width=120)


def render_patterns_markdown(r: PatternsReport) -> str:
    report = r.data
    what = "rankings" if report["kind"] == "rankings" else "label combinations"
    out = [f"# Possible {what}", "", f"*{_ckpt(report)}*", ""]
    out += [f"- {x}" for x in _patterns_lines(report)]
    out.append("")
    col = "ranking (most likely first)" if report["kind"] == "rankings" else "predicted labels"
    out.append(md_table(["#", col], [[str(n), s] for n, s in enumerate(_pattern_strings(report), 1)]))
    return "\n".join(out) + "\n"


def _neighbours_figures(r: NeighboursReport) -> list[Any]:
    from cosaudit.report.report_figures import neighbours_figures

    return neighbours_figures(r)


def neighbours_lead(r: NeighboursReport) -> str:
    """The verdict in words, which the neighbours Markdown does not open with (for HTML)."""
    report = r.data
    lab = report.get("label") or {}
    name = str(lab.get("label", lab.get("id", "?")))
    if report.get("tieable_share"):  # the share of the vocabulary follows, in the report's own words
        return (f"**Which labels are like `{name}`?** The cosine ranking changes in an equivalent model "
                f"with the same probabilities; which labels can share the top prediction with `{name}` "
                "(tie-able) does not.")
    by_cos = [str(e["label"]) for e in report.get("cosine", [])]
    tie = {str(e["label"]) for e in report.get("tieable", [])}
    both = [n for n in by_cos if n in tie]
    shown = ", ".join(by_cos[:5]) + (", …" if len(by_cos) > 5 else "")
    return (
        f"**Which labels are like `{name}`?** By raw cosine the nearest are {shown or 'none'}; "
        f"{len(both)} of these {len(by_cos)} are among the {len(tie)} tie-able neighbours found "
        f"(labels that can share the top prediction with `{name}`). The cosine ranking changes "
        "in an equivalent model with the same probabilities; tie-ability does not."
    )


NEIGHBOURS = ReportRenderer(text=render_neighbours_text, markdown=render_neighbours_markdown,
                            figures=_neighbours_figures, lead=neighbours_lead)
ARGMAX = ReportRenderer(text=render_argmax_text, markdown=render_argmax_markdown)
PATTERNS = ReportRenderer(text=render_patterns_text, markdown=render_patterns_markdown)
