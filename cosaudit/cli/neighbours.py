"""`cosaudit neighbours`: a label's nearest rows by cosine beside its tie-able neighbours."""

from __future__ import annotations

import click

from cosaudit.cli._model import CliFeedback, head_kwargs
from cosaudit.cli._options import (
    HeadSpec,
    OutputSpec,
    model_command,
    report_options,
    space_option,
)
from cosaudit.cli._render import render_and_write

FORMATS = ["text", "json", "md", "html"]


@model_command(labels=False)
@click.option(
    "--label",
    "label",
    metavar="L",
    help="The label (a word through the tokenizer, or an id2label name).",
)
@click.option("--id", "label_id", type=int, metavar="N", help="The label as a raw row index.")
@click.option(
    "--k",
    "k",
    type=click.IntRange(1, 1000),
    default=10,
    show_default=True,
    help="Neighbours to list in each column.",
)
@space_option
@report_options(FORMATS)
def neighbours(
    spec: HeadSpec,
    label: str | None,
    label_id: int | None,
    k: int,
    space: str,
    out: OutputSpec,
) -> None:
    """A label's top-k by raw cosine, by centered cosine, and its tie-able neighbours.

    Tie-able neighbours are labels that can share the top prediction with it (for a sigmoid
    head: be predicted together with it and nothing else), ordered by witness margin. Unlike
    the cosine columns, that answer is the same in every equivalent model. Each step shows a
    progress bar on a terminal (the label's own argmax check first); Ctrl-C writes what was found
    so far and exits 130.

    \b
    Examples:
      cosaudit neighbours fixtures/demo-lm --label dog --k 10
      cosaudit neighbours org/name --label " Paris" --k 20 --format json
    """
    from cosaudit import api

    report = api.neighbours(label=label, id=label_id, k=k, space=space, feedback=CliFeedback(out),
                            **head_kwargs(spec))
    render_and_write(report, out)
    if report.interrupted:
        raise SystemExit(130)
