"""Shared steps of every model command: open the head from the options, resolve the labels."""

from __future__ import annotations

from cosaudit.cli._options import HeadSpec, OutputSpec
from cosaudit.cli._output import note, refuse_input_as_output
from cosaudit.load import open_head, resolve_labels
from cosaudit.load.head import Head, ResolvedLabel


def load_head_from_options(spec: HeadSpec, out: OutputSpec | None = None) -> Head:
    """Open the head; say on stderr when the default checkpoint was used; refuse an `--output`
    that would overwrite a file of the checkpoint."""
    head = open_head(spec.checkpoint, tensor=spec.tensor, bias_tensor=spec.bias_tensor,
                     labels_file=spec.labels_file, head_type=spec.head_type, revision=spec.revision)
    if head.default_note:
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
