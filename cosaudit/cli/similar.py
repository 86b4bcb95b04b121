"""`cosaudit similar`: an identifiable similarity of labels, measured on hidden states."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from cosaudit.cli._model import load_head_from_options, resolve_from_options
from cosaudit.cli._options import HeadSpec, OutputSpec, model_command, report_options, seed_option
from cosaudit.cli._progress import progress_bar
from cosaudit.cli._render import precheck_render, render_and_write
from cosaudit.errors import UsageError

FORMATS = ["text", "json", "md", "html"]

_FILE = click.Path(dir_okay=False, path_type=Path)


@model_command()
@click.option("--label", "label", metavar="L", help="One label to compare with the whole vocabulary.")
@click.option("--id", "label_id", type=int, metavar="N", help="The same, the label as a raw row index.")
@click.option("--k", "k", type=click.IntRange(1, 1000), default=10, show_default=True,
              help="With --label: neighbours to list.")
@click.option("--hidden", "hidden", type=_FILE, metavar="FILE",
              help="Hidden states the head multiplies (after the final norm): .npy or .npz, N × d.")
@click.option("--hidden-before-norm", "before_norm", type=_FILE, metavar="FILE",
              help="Residual-stream states before the final norm (.npy/.npz, N × d); the checkpoint's "
                   "own LayerNorm/RMSNorm is applied.")
@click.option("--top", "top", type=int, default=None, metavar="K",
              help="co-top rate: both labels in the top K predictions  [default: 10, or V if smaller].")
@seed_option
@report_options(FORMATS)
def similar(spec: HeadSpec, labels: tuple[str, ...], ids: tuple[int, ...], label: str | None,
            label_id: int | None, k: int,
            hidden: Path | None, before_norm: Path | None, top: int | None, seed: int, out: OutputSpec) -> None:
    """How alike the model treats labels, measured on its behaviour over inputs.

    For N hidden states: the correlation of log-probabilities, the rate at which both labels are
    in the top K, and how often one is the runner-up when the other is top. These are functions
    of the probabilities, so every equivalent model gives the same numbers; the cosines of the
    same rows, shown beside them, do not. Without --hidden, a checkpoint that ships
    hidden_states.npz (the demo model: its own corpus) is measured on those.

    \b
    Examples:
      cosaudit similar fixtures/demo-lm --labels dog cat car
      cosaudit similar model.safetensors --labels dog cat --hidden acts.npy
      cosaudit similar org/name --label " Paris" --k 10 --hidden-before-norm resid.npy
    """
    from cosaudit.audit.similar import check_top, load_hidden

    one = [x for x in (label, label_id) if x is not None]
    if bool(labels or ids) == bool(one) or len(one) > 1:
        raise UsageError("give --labels/--ids (two or more), or one of --label L / --id N with --k K",
                         hint="e.g. --labels dog cat car, or --label dog --k 10")
    if hidden is not None and before_norm is not None:
        raise UsageError("give --hidden or --hidden-before-norm, not both",
                         hint="--hidden: after the final norm; --hidden-before-norm: before it")
    precheck_render(out)
    head = load_head_from_options(spec, out)
    top = check_top(head, top)
    resolved = resolve_from_options(head, [label] if label is not None else list(labels),
                                    [label_id] if label_id is not None else list(ids), out)
    states = load_hidden(head, hidden, before_norm)
    render_and_write(_run(head, states, resolved, single=bool(one), k=k, top=top, seed=seed), out)


def _run(head: Any, states: Any, resolved: list[Any], *, single: bool, k: int, top: int, seed: int) -> Any:
    """run_similar with a progress bar over the inputs (on a terminal)."""
    from cosaudit.audit.similar import run_similar

    n = int(states.values.shape[0])
    with progress_bar(f"similarity on {n} inputs", n) as advance:
        done = {"n": 0}

        def progress(now: int, total: int) -> None:
            advance(now - done["n"])
            done["n"] = now

        if single:
            return run_similar(head, states, label=resolved[0], k=k, top=top, seed=seed, progress=progress)
        return run_similar(head, states, resolved, top=top, seed=seed, progress=progress)
