"""`cosaudit flip`: build, verify and write models with the same probabilities, another cosine."""

from __future__ import annotations

from pathlib import Path

import click

from cosaudit.cli._model import load_head_from_options, resolve_from_options
from cosaudit.cli._options import (
    HeadSpec,
    OutputSpec,
    hidden_option,
    model_command,
    report_options,
    seed_option,
)
from cosaudit.cli._output import note
from cosaudit.cli._progress import progress_bar
from cosaudit.cli._render import precheck_render, render_and_write
from cosaudit.errors import UsageError

FORMATS = ["text", "json", "md", "html"]


def parse_target(value: str | None) -> list[float]:
    """--target: -1, 1 or τ in [-1, 1]; absent → both −1 and +1."""
    if value is None:
        return [-1.0, 1.0]
    try:
        t = float(value)
    except ValueError:
        raise UsageError(
            f"--target {value!r} is not a number", hint="give -1, 1 or a number between them"
        ) from None
    from cosaudit.core.symmetry import check_target

    return [check_target(t)]


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
    from cosaudit.audit.flip import check_flip_request, run_flip
    from cosaudit.audit.similar import behaviour
    from cosaudit.load.write import check_save_path, save_equivalent

    targets = parse_target(target)
    n_given = len(labels) + len(ids)
    if n_given != 2:
        raise UsageError(
            f"flip needs exactly two labels, got {n_given}",
            hint="pass --labels A B or --ids I J (two in all)",
        )
    if save is not None and len(targets) != 1:
        raise UsageError(
            "--save writes one model: give a single --target", hint="e.g. --target -1 --save PATH"
        )
    precheck_render(out)
    head = load_head_from_options(spec, out)
    resolved = resolve_from_options(head, labels, ids)
    check_flip_request(resolved, targets, save)
    if save is not None:
        check_save_path(head, save, force=out.force)
        if head.complete is not None:  # a Hub model: --save writes every tensor, so it needs them all
            head.complete(note)
        if out.output is not None and Path(out.output).resolve() == Path(save).resolve():
            raise UsageError(
                "--output and --save name the same path", hint="choose two different paths"
            )
    pairs = behaviour(head, resolved, hidden)  # before anything is saved: a bad --hidden fails first
    with progress_bar("reading the head", head.n_rows) as advance:
        report = run_flip(
            head,
            resolved,
            targets=targets,
            symmetry=symmetry,
            n_probes=probes,
            seed=seed,
            top_k=top_k,
            save=save,
            dtype=dtype,
            force=out.force,
            progress=advance,
            saver=save_equivalent,
        )
    for m in report["models"]:
        if m.get("saved"):
            note(f"wrote {m['saved']}")
    if pairs:
        report["behaviour"] = pairs
    render_and_write(report, out)
