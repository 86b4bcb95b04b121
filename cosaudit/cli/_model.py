"""Shared steps of every model command: the CLI's `Feedback` (notes and progress on stderr, the
output checks at the right moments) and the head options as the API's keyword arguments."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import click

from cosaudit.cli._options import HeadSpec, OutputSpec
from cosaudit.cli._output import note
from cosaudit.cli._progress import progress_bar
from cosaudit.cli._render import precheck_render
from cosaudit.load.head import Head, ResolvedLabel
from cosaudit.session import Feedback

DEFAULT_NOTE = "no CHECKPOINT given: using "


class CliFeedback(Feedback):
    """Notes and progress bars on stderr; `--output` checked before any work, and refused when it
    would overwrite a file of the checkpoint."""

    def __init__(self, out: OutputSpec) -> None:
        self.out = out

    def note(self, message: str) -> None:
        if message.startswith(DEFAULT_NOTE) and _announced():
            return  # said first already, before anything else (announce_default_checkpoint)
        note(message)

    def progress(self, description: str, total: int) -> contextlib.AbstractContextManager[Callable[[int], None]]:
        return progress_bar(description, total)

    def validated(self) -> None:
        precheck_render(self.out)

    def opened(self, head: Head) -> None:
        from cosaudit.load.output import refuse_input_as_output

        refuse_input_as_output(self.out.output, head)


def head_kwargs(spec: HeadSpec) -> dict[str, Any]:
    """CHECKPOINT and the head options as the API's arguments (model first)."""
    return {"model": spec.checkpoint, "tensor": spec.tensor, "bias_tensor": spec.bias_tensor,
            "labels_file": spec.labels_file, "head": spec.head_type, "revision": spec.revision}


def load_head_from_options(spec: HeadSpec, out: OutputSpec) -> Head:
    """Open the head as every API call does (notes, the Hub fetch, the output checks), for a
    command that goes on with the head itself (`similar` reads hidden states for it)."""
    from cosaudit.session import HeadOptions, begin

    opts = HeadOptions(spec.tensor, spec.bias_tensor, spec.labels_file, spec.head_type, spec.revision)
    return begin(spec.checkpoint, opts, CliFeedback(out))


def resolve_from_options(head: Head, labels: tuple[str, ...] | list[str], ids: tuple[int, ...] | list[int],
                         out: OutputSpec) -> list[ResolvedLabel]:
    """Resolve --labels and --ids; warnings (e.g. which token a word became) go to stderr."""
    from cosaudit.session import resolve

    return resolve(head, list(labels), list(ids), CliFeedback(out))


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
