"""Shared steps of every model command: open the head from the options, resolve the labels."""

from __future__ import annotations

from pathlib import Path

from cosaudit.cli._output import note
from cosaudit.load import open_head, resolve_labels
from cosaudit.load.head import Head, ResolvedLabel


def load_head_from_options(
    checkpoint: str | None,
    tensor: str | None = None,
    bias_tensor: str | None = None,
    labels_file: Path | None = None,
    head_type: str = "auto",
    revision: str | None = None,
) -> Head:
    """Open the head; say on stderr when the default checkpoint was used."""
    head = open_head(checkpoint, tensor=tensor, bias_tensor=bias_tensor, labels_file=labels_file,
                     head_type=head_type, revision=revision)
    if head.default_note:
        note(head.default_note)
    return head


def resolve_from_options(head: Head, labels: tuple[str, ...] | list[str],
                         ids: tuple[int, ...] | list[int]) -> list[ResolvedLabel]:
    """Resolve --labels and --ids; warnings (e.g. which token a word became) go to stderr."""
    resolved, warnings = resolve_labels(head, list(labels), list(ids))
    for w in warnings:
        note(f"warning: {w}")
    return resolved
