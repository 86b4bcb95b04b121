"""Shared steps of every model command: open the head from the options, resolve the labels."""

from __future__ import annotations

import click

from cosaudit.cli._options import HeadSpec, OutputSpec
from cosaudit.cli._output import note, refuse_input_as_output
from cosaudit.load import open_head, resolve_labels
from cosaudit.load.head import Head, ResolvedLabel


def load_head_from_options(spec: HeadSpec, out: OutputSpec | None = None) -> Head:
    """Open the head; say on stderr when the default checkpoint was used; refuse an `--output`
    that would overwrite a file of the checkpoint."""
    head = open_head(spec.checkpoint, tensor=spec.tensor, bias_tensor=spec.bias_tensor,
                     labels_file=spec.labels_file, head_type=spec.head_type, revision=spec.revision)
    if head.default_note and not _announced():
        note(head.default_note)
    for text in head.notes:
        note(text)
    if head.prefetch is not None:  # a Hub head not cached yet: fetch it under a bar (on a terminal)
        from cosaudit.cli._progress import progress_bar

        with progress_bar("fetching the head", head.prefetch_bytes) as advance:
            head.prefetch(advance)
    if out is not None:
        refuse_input_as_output(out.output, head)
    return head


def resolve_from_options(head: Head, labels: tuple[str, ...] | list[str],
                         ids: tuple[int, ...] | list[int]) -> list[ResolvedLabel]:
    """Resolve --labels and --ids; warnings (e.g. which token a word became) go to stderr."""
    resolved, warnings = resolve_labels(head, list(labels), list(ids))
    for w in warnings:
        note(f"warning: {w}")
    return resolved


def announce_default_checkpoint(ctx: click.Context) -> None:
    """The one rule for the default-checkpoint note: when CHECKPOINT is omitted, the note is the
    first line on stderr, before any other output or error of the run. Only click's usage errors
    (bad options, found before a checkpoint is chosen) come without it."""
    if "checkpoint" not in ctx.params or ctx.params["checkpoint"] not in (None, ""):
        return
    from cosaudit.load.source import default_checkpoint_note

    note(default_checkpoint_note()[1])
    ctx.meta["cosaudit.default_announced"] = True


def _announced() -> bool:
    ctx = click.get_current_context(silent=True)
    return bool(ctx is not None and ctx.meta.get("cosaudit.default_announced"))
