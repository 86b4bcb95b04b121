"""`cosaudit argmax`: which labels can be the top prediction at all (and which never can)."""

from __future__ import annotations

import click

from cosaudit.cli._model import load_head_from_options, resolve_from_options
from cosaudit.cli._options import (
    HeadSpec,
    OutputSpec,
    model_command,
    report_options,
    space_option,
)
from cosaudit.cli._output import note
from cosaudit.cli._progress import progress_bar
from cosaudit.cli._render import precheck_render, render_and_write
from cosaudit.errors import UsageError

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
    from cosaudit.audit.identifiable import run_argmax
    from cosaudit.audit.space import search_space

    if all_labels and (labels or ids):
        raise UsageError("--all checks every label; do not combine it with --labels/--ids")
    if not all_labels and not (labels or ids):
        raise UsageError("no labels to check", hint="pass --labels A B …, --ids N …, or --all")
    precheck_render(out)
    head = load_head_from_options(spec, out)
    where = search_space(head, space)
    resolved = None if all_labels else resolve_from_options(head, labels, ids)
    total = head.n_rows if all_labels else len({r.id for r in resolved or []})
    with progress_bar("argmaxable labels", total) as advance:
        state = {"done": 0}

        def progress(done: int, _total: int, stage: str) -> None:
            if done > state["done"]:
                advance(done - state["done"])
                state["done"] = done

        report = run_argmax(head, resolved, progress=progress, space=where)
    if not report["complete"]:
        note(f"interrupted: {report['answered']} of {report['requested']} labels answered; the report keeps them")
    render_and_write(report, out)
    if not report["complete"]:
        raise SystemExit(130)
