"""Shared steps of every model command: the CLI's `Feedback` (notes and progress on stderr, the
output checks at the right moments) and the head options as the API's keyword arguments."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from cosaudit.api import Feedback
from cosaudit.cli._options import HeadSpec, OutputSpec
from cosaudit.cli._output import note
from cosaudit.cli._progress import progress_bar
from cosaudit.cli._render import precheck_render
from cosaudit.load.head import Head


class CliFeedback(Feedback):
    """Notes and progress bars on stderr; `--output` checked before any work, and refused when it
    would overwrite a file of the checkpoint."""

    def __init__(self, out: OutputSpec) -> None:
        self.out = out

    def note(self, message: str) -> None:
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
