"""How every API call (and the CLI through it) opens a head and resolves labels: the options,
the `Feedback` that hears what a call is doing, and the steps shared by the six questions.

Kept apart from `cosaudit.api` so the CLI and `api_similar` use these steps by their public
names rather than reaching into the API's private functions."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cosaudit.errors import UsageError

if TYPE_CHECKING:
    from cosaudit.load.head import Head, ResolvedLabel

Labels = str | Sequence[str] | None
Ids = int | Sequence[int] | None


class Feedback:
    """Where an API call says what it is doing. Silent by default; the CLI's prints to stderr."""

    def note(self, message: str) -> None:
        """A line for the user (the CLI prints it on stderr)."""

    def progress(self, description: str, total: int) -> contextlib.AbstractContextManager[Callable[[int], None]]:
        """A context that gives `advance(n)` for a pass of `total` steps."""
        return contextlib.nullcontext(ignore_progress)

    def validated(self) -> None:
        """The arguments are valid; nothing has been opened yet."""

    def opened(self, head: Head) -> None:
        """The head is described (its weights are read later)."""


def ignore_progress(n: int) -> None:
    """No progress display."""


class Recorder(Feedback):
    """Keeps every note (for `report.notes`) and passes everything on."""

    def __init__(self, inner: Feedback | None) -> None:
        self.inner = inner if inner is not None else Feedback()
        self.notes: list[str] = []

    def note(self, message: str) -> None:
        self.notes.append(message)
        self.inner.note(message)

    def progress(self, description: str, total: int) -> contextlib.AbstractContextManager[Callable[[int], None]]:
        return self.inner.progress(description, total)

    def validated(self) -> None:
        self.inner.validated()

    def opened(self, head: Head) -> None:
        self.inner.opened(head)


@dataclass(frozen=True)
class HeadOptions:
    """How to find the head: the CLI's head options, plus `tokenizer` / `bias` for live objects."""

    tensor: str | None = None
    bias_tensor: str | None = None
    labels_file: str | os.PathLike[str] | None = None
    head: str = "auto"
    revision: str | None = None
    tokenizer: Any = None
    bias: Any = None


def is_checkpoint(model: Any) -> bool:
    return model is None or isinstance(model, (str, os.PathLike))


def is_head(model: Any) -> bool:
    from cosaudit.load.head import Head

    return isinstance(model, Head)


def options_from(kwargs: dict[str, Any]) -> HeadOptions:
    known = set(HeadOptions.__dataclass_fields__)
    unknown = sorted(set(kwargs) - known)
    if unknown:
        raise TypeError(f"unexpected keyword argument(s) {', '.join(unknown)}; "
                        f"the head options are {', '.join(sorted(known))}")
    return HeadOptions(**kwargs)


def open_model(model: Any, opts: HeadOptions) -> Head:
    """A path or Hub id → `open_head`; a `Head` as is; anything else → `open_object`."""
    if opts.head not in ("auto", "softmax", "sigmoid"):
        raise UsageError(f"head={opts.head!r} is not a head type", hint="choose auto, softmax or sigmoid")
    if is_checkpoint(model):
        if opts.tokenizer is not None or opts.bias is not None:
            raise UsageError("tokenizer= and bias= are for objects in memory; a checkpoint brings its own",
                             hint="drop them, or use labels_file= / bias_tensor=")
        from cosaudit.load import open_head

        return open_head(None if model is None else os.fspath(model), tensor=opts.tensor,
                         bias_tensor=opts.bias_tensor,
                         labels_file=None if opts.labels_file is None else Path(opts.labels_file),
                         head_type=opts.head, revision=opts.revision)
    if opts.bias_tensor is not None or opts.labels_file is not None or opts.revision is not None:
        raise UsageError("bias_tensor=, labels_file= and revision= are for checkpoints on disk",
                         hint="for an object in memory pass bias= (and tokenizer= for labels as words)")
    if is_head(model):
        if opts.tensor is not None or opts.tokenizer is not None or opts.bias is not None or opts.head != "auto":
            raise UsageError("an opened Head already knows its tensor, bias, tokenizer and head type",
                             hint="pass the options to cosaudit.load() instead")
        return model  # type: ignore[no-any-return]
    from cosaudit.load.live import open_object

    return open_object(model, tokenizer=opts.tokenizer, bias=opts.bias, tensor=opts.tensor, head_type=opts.head)


def begin(model: Any, opts: HeadOptions, fb: Feedback) -> Head:
    fb.validated()
    head = open_model(model, opts)
    if head.default_note:
        fb.note(head.default_note)
    for text in head.notes:
        fb.note(text)
    if head.prefetch is not None:  # a Hub head not cached yet: fetch its bytes now (a bar on a terminal)
        with fb.progress("fetching the head", head.prefetch_bytes) as advance:
            head.prefetch(advance)
    fb.opened(head)
    return head


def as_list(value: Any, kind: type) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, kind) or (kind is int and hasattr(value, "__index__") and not isinstance(value, bool)):
        return [value]
    return list(value)


def resolve(head: Head, labels: Labels, ids: Ids, fb: Feedback) -> list[ResolvedLabel]:
    from cosaudit.load import resolve_labels

    resolved, warnings = resolve_labels(head, as_list(labels, str), [int(i) for i in as_list(ids, int)])
    for w in warnings:
        fb.note(f"warning: {w}")
    return resolved
