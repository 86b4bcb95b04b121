"""`cosaudit patterns`: the rankings (softmax) or label combinations (sigmoid) a head can give."""

from __future__ import annotations

from cosaudit.cli._model import load_head_from_options, resolve_from_options
from cosaudit.cli._options import (
    HeadSpec,
    OutputSpec,
    model_command,
    report_options,
    seed_option,
    space_option,
)
from cosaudit.cli._render import precheck_render, render_and_write
from cosaudit.errors import UsageError

FORMATS = ["text", "json", "md"]


@model_command()
@seed_option
@space_option
@report_options(FORMATS)
def patterns(
    spec: HeadSpec,
    labels: tuple[str,
    ...],
    ids: tuple[int,
    ...],
    seed: int,
    space: str,
    out: OutputSpec,
) -> None:
    """The exact set of possible rankings (softmax) or label combinations (sigmoid) of 2–8 labels.

    Rankings are of the chosen labels only (other labels ignored); each listed pattern has a
    witness hidden state. They are determined by the cosines of the differences of rows, not
    by the cosines of the rows (Nielsen & Grivas, Thm 5.5/5.6).

    \b
    Examples:
      cosaudit patterns fixtures/demo-lm --labels dog cat horse car
      cosaudit patterns fixtures/multilabel --ids 0 1 2 3 --format json
    """
    from cosaudit.audit.identifiable import run_patterns
    from cosaudit.audit.space import search_space

    if not (labels or ids):
        raise UsageError("no labels given", hint="pass --labels A B [C …] or --ids N N …")
    precheck_render(out)
    head = load_head_from_options(spec, out)
    where = search_space(head, space)
    resolved = resolve_from_options(head, labels, ids)
    if len({r.id for r in resolved}) != len(resolved):
        raise UsageError("a label is given twice (or two labels are the same row)", hint="give each label once")
    report = run_patterns(head, resolved, seed=seed, space=where)
    render_and_write(report, out)
