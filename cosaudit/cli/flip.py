"""`cosaudit flip`: build, verify and write models with the same probabilities, another cosine."""

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
from cosaudit.errors import UsageError

FORMATS = ["text", "json", "md", "html"]


@model_command()
@click.option(
    "--target",
    "target",
    metavar="τ",
    help="Target cosine: -1, 1 or any number between (default: build both −1 and +1).",
)
@click.option(
    "--symmetry",
    type=click.Choice(["translate", "rescale"]),
    default="translate",
    show_default=True,
    help="translate: w → w + c (softmax heads); rescale: absorb a per-dimension scale "
    "in the final norm.",
)
@click.option(
    "--save",
    type=click.Path(path_type=Path),
    metavar="PATH",
    help="Write the equivalent model here (needs one --target): a folder for a folder, "
    "a file for a file.",
)
@click.option(
    "--dtype",
    type=click.Choice(["auto", "float32", "bfloat16", "float16"]),
    default="auto",
    show_default=True,
    help="Storage dtype of changed tensors (auto: each tensor's own).",
)
@click.option(
    "--probes",
    type=click.IntRange(1, 1_000_000),
    default=None,
    help="Probe hidden states for the verification [default: 1000, fewer for very large heads].",
)
@click.option(
    "--top-k",
    type=click.IntRange(0, 100),
    default=5,
    show_default=True,
    help="Nearest rows to show for each label, before and after.",
)
@hidden_option
@seed_option
@report_options(FORMATS)
def flip(
    spec: HeadSpec,
    labels: tuple[str,
    ...],
    ids: tuple[int,
    ...],
    target: str | None,
    symmetry: str,
    save: Path | None,
    dtype: str,
    probes: int | None,
    top_k: int,
    hidden: Path | None,
    seed: int,
    out: OutputSpec,
) -> None:
    """Build models with exactly the same probabilities where two labels' cosine is −1, +1 or τ.

    The models are verified on seeded probe hidden states (float64, and as stored in the
    checkpoint's dtype) and, with --save, written as a checkpoint other tools load.

    \b
    Examples:
      cosaudit flip --labels dog cat
      cosaudit flip fixtures/demo-lm --labels dog cat --target 0.3
      cosaudit flip org/name --labels " Paris" " London" --target -1 --save out/paris-london-neg
      cosaudit flip model.safetensors --ids 17 942 --symmetry rescale --format json
    """
    from cosaudit import api

    if save is not None and out.output is not None and Path(out.output).resolve() == Path(save).resolve():
        raise UsageError("--output and --save name the same path", hint="choose two different paths")
    report = api.flip(labels=list(labels), ids=list(ids), target=target, symmetry=symmetry, save=save, dtype=dtype,
                      probes=probes, top_k=top_k, seed=seed, force=out.force, hidden=hidden,
                      feedback=CliFeedback(out), **head_kwargs(spec))
    render_and_write(report, out)
