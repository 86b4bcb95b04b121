"""`cosaudit inspect`: measure a head's cosines and say, loudly, what they cannot tell."""

from __future__ import annotations

from pathlib import Path

import click

from cosaudit.cli._model import CliFeedback, head_kwargs
from cosaudit.cli._options import (
    HeadSpec,
    OutputSpec,
    hidden_option,
    model_command,
    report_options,
    seed_option,
)
from cosaudit.cli._render import render_and_write

FORMATS = ["text", "json", "md", "html"]


@model_command()
@click.option("--top-k", type=click.IntRange(0, 1000), default=5, show_default=True,
              help="Nearest rows to show for each label.")
@click.option("--pairs", "n_pairs", type=click.IntRange(0, 10_000_000), default=20000, show_default=True,
              help="Random label pairs for the raw vs centered distribution.")
@click.option("--sample-rows", type=click.IntRange(2, 100_000), default=2048, show_default=True,
              help="Seeded sample of rows for the pair distribution and the most similar pairs.")
@click.option("--tieable/--no-tieable", "tieable", default=None,
              help="Check which chosen labels can share the top prediction (LPs); "
                   "default: on for heads up to 64M entries.")
@hidden_option
@seed_option
@report_options(FORMATS)
def inspect(
    spec: HeadSpec,
    labels: tuple[str,
    ...],
    ids: tuple[int,
    ...],
    top_k: int,
    n_pairs: int,
    sample_rows: int,
    tieable: bool | None,
    hidden: Path | None,
    seed: int,
    out: OutputSpec,
) -> None:
    """Measure cosines between label rows of CHECKPOINT's head, and say what they can't tell.

    CHECKPOINT is a .safetensors file, a model folder, a Hub id org/name[@rev], or a .npy/.npz
    matrix; by default COSAUDIT_CHECKPOINT, [tool.cosaudit] checkpoint, or the bundled demo.

    \b
    Examples:
      cosaudit inspect
      cosaudit inspect fixtures/demo-lm --labels dog cat horse car
      cosaudit inspect model.safetensors --ids 3 17 --format json
    """
    from cosaudit import api

    report = api.inspect(labels=list(labels), ids=list(ids), top_k=top_k, pairs=n_pairs, sample_rows=sample_rows,
                         tieable=tieable, seed=seed, hidden=hidden, feedback=CliFeedback(out), **head_kwargs(spec))
    render_and_write(report, out)
