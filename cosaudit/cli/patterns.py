"""`cosaudit patterns`: the rankings (softmax) or label combinations (sigmoid) a head can give."""

from __future__ import annotations

from cosaudit.cli._model import CliFeedback, head_kwargs
from cosaudit.cli._options import (
    HeadSpec,
    OutputSpec,
    model_command,
    report_options,
    seed_option,
    space_option,
)
from cosaudit.cli._render import render_and_write

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
    from cosaudit import api

    report = api.patterns(labels=list(labels), ids=list(ids), seed=seed, space=space, feedback=CliFeedback(out),
                          **head_kwargs(spec))
    render_and_write(report, out)
