"""`cosaudit argmax`: which labels can be the top prediction at all (and which never can)."""

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

FORMATS = ["text", "json", "md"]


@model_command()
@click.option("--all", "all_labels", is_flag=True, help="Check every label of the head.")
@space_option
@report_options(FORMATS)
def argmax(
    spec: HeadSpec,
    labels: tuple[str, ...],
    ids: tuple[int, ...],
    all_labels: bool,
    space: str,
    out: OutputSpec,
) -> None:
    """Can each label be the top prediction for some hidden state?

    A "yes" comes with a witness hidden state (re-checked by computing the logits), a "no"
    with an LP certificate (the label is dominated by a mixture of others). For a sigmoid head
    the question is whether the label can be predicted alone. `--all` checks the whole
    vocabulary (a progress bar on a terminal; Ctrl-C keeps the answers so far).

    \b
    Examples:
      cosaudit argmax fixtures/demo-lm --labels dog cat
      cosaudit argmax model.safetensors --all --format json -o argmax.json
      cosaudit argmax model.safetensors --labels dog cat --space hidden.npy
    """
    from cosaudit import api

    report = api.argmax(labels=list(labels), ids=list(ids), all=all_labels, space=space,
                        feedback=CliFeedback(out), **head_kwargs(spec))
    render_and_write(report, out)
    if not report.complete:
        raise SystemExit(130)
