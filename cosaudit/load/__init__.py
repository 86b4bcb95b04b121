"""I/O only: find and read one head from a checkpoint; write equivalent checkpoints atomically.

`open_head` turns what the user typed into a described `Head`; `resolve_labels` turns label
strings and row indices into rows.
"""

from __future__ import annotations

import sys
import types
from pathlib import Path
from typing import Any

from cosaudit.errors import DataError, HeadNotFoundError, UsageError
from cosaudit.load.arch import detect, head_candidates
from cosaudit.load.head import FinalNorm, Head, ResolvedLabel
from cosaudit.load.labels import (
    id2label_vocabulary,
    labels_file_vocabulary,
    load_tokenizer_vocabulary,
    resolve,
)
from cosaudit.load.source import Located, ShardTensor, _offline, locate, reader

__all__ = ["Head", "ResolvedLabel", "open_head", "resolve_labels", "locate"]


def open_head(
    checkpoint: str | None,
    *,
    tensor: str | None = None,
    bias_tensor: str | None = None,
    labels_file: Path | None = None,
    head_type: str = "auto",
    revision: str | None = None,
) -> Head:
    """Find the head of a checkpoint and describe it (weights are read later, on demand)."""
    loc = locate(checkpoint, revision=revision)
    layout = _find_layout(loc, tensor, bias_tensor, head_type)
    weight = _head_matrix(loc, layout)
    # companions (bias, norm, positions) in other Hub shards stay lazy: fetched when read
    bias = _bias(loc, layout, n_rows=weight.shape[0])
    norm = _final_norm(loc, layout)
    position = reader(loc, layout.position) if layout.position else None
    detection = _detection_notes(layout, _companion_notes(bias, norm, position))
    vocab = _vocabulary(loc, labels_file)
    return Head(
        source=loc.source if loc.default_note is None else str(loc.path),
        kind=loc.kind,  # type: ignore[arg-type]
        root=loc.root,
        path=loc.path,
        weight=weight,
        bias=bias,
        tied=layout.tied,
        tied_to=layout.tied_to,
        position_embedding=position,
        final_norm=norm,
        softcap=layout.softcap,
        head_type=layout.head_type,  # type: ignore[arg-type]
        head_type_reason=layout.head_type_reason,
        revision=loc.revision,
        config=loc.config,
        model_type=loc.config.get("model_type"),
        vocab=vocab,
        n_vocab=_vocab_rows(vocab, weight.shape[0]),
        detection=detection,
        default_note=loc.default_note,
        notes=list(loc.notes) + _transfer_note(loc, weight),
        transfer=_transfer(loc, weight, bias),
        complete=loc.complete,
        **_prefetch(weight),
    )


def _find_layout(loc: Located, tensor: str | None, bias_tensor: str | None, head_type: str) -> Any:
    """Which tensors are the head, its bias and its companions; refused (with the names there are)
    when a named tensor is missing or no head is found."""
    given = tensor
    if loc.kind == "numpy" and tensor is None:
        tensor = _numpy_head_name(loc)
    for name in (tensor, bias_tensor):
        if name is not None and name not in loc.shapes:
            raise HeadNotFoundError(
                f"no tensor named {name!r} in {loc.path}",
                hint="tensors: " + _list_names(loc),
            )
    if loc.fetch is not None:
        _fetch_head_shard(loc, tensor, bias_tensor, head_type)
    layout = detect(loc.shapes, loc.config, tensor=tensor, bias_tensor=bias_tensor, head_type=head_type)
    _say_numpy_pick(layout, loc, given)
    if layout is None:
        raise HeadNotFoundError(
            f"found no output head in {loc.path}",
            hint="pass --tensor NAME; 2-D tensors: " + _list_names(loc, two_d_only=True),
        )
    return layout


def _head_matrix(loc: Located, layout: Any) -> Any:
    """The head's (lazy) reader, refused unless it is a non-empty 2-D matrix."""
    weight = reader(loc, layout.weight)
    if len(weight.shape) != 2:
        raise HeadNotFoundError(
            f"tensor {layout.weight!r} has shape {list(weight.shape)}, not a 2-D matrix",
            hint="pass the V × d head with --tensor",
        )
    if 0 in weight.shape:
        raise DataError(
            f"head {layout.weight!r} in {loc.path} has shape {list(weight.shape)}: "
            "nothing to audit",
            hint="pass the V × d head with --tensor",
        )
    return weight


def _bias(loc: Located, layout: Any, *, n_rows: int) -> Any:
    """The output bias's (lazy) reader, refused when its size is known and is not one per row."""
    bias = reader(loc, layout.bias) if layout.bias else None
    bias_shape = loc.shapes.get(layout.bias) if layout.bias else None
    if bias_shape is not None and int(_numel(bias_shape)) != n_rows:
        raise UsageError(
            f"bias {layout.bias!r} has {int(_numel(bias_shape))} entries but the head has "
            f"{n_rows} rows",
            hint="pass the matching bias with --bias-tensor",
        )
    return bias


def _detection_notes(layout: Any, companion_notes: list[str]) -> list[str]:
    """How the head was found: the layout's notes, where its companions are, why this head type."""
    detection = list(layout.notes) + companion_notes
    if layout.head_type_reason:
        detection.append(f"head type {layout.head_type}: {layout.head_type_reason}")
    return detection


def _vocab_rows(vocab: Any, n_rows: int) -> int | None:
    """How many rows have names (a vocabulary longer than the head names every row)."""
    return None if vocab is None else min(vocab.size, n_rows)


def _prefetch(weight: Any) -> dict[str, Any]:
    """A Hub head not in the cache yet: how to fetch it now, and how many bytes that is."""
    from cosaudit.load.hub import RemoteTensor

    if isinstance(weight, RemoteTensor) and not weight.in_cache():
        return {"prefetch": weight.prefetch, "prefetch_bytes": weight.nbytes}
    return {}


def _vocabulary(loc: Located, labels_file: Path | None) -> Any:
    if labels_file is not None:
        return labels_file_vocabulary(labels_file)
    if loc.tokenizer is not None:
        return load_tokenizer_vocabulary(loc.tokenizer)
    return id2label_vocabulary(loc.config)


def _final_norm(loc: Located, layout: Any) -> FinalNorm | None:
    if not layout.norm_weight or layout.norm_weight not in loc.shapes:
        return None
    return FinalNorm(
        kind=layout.norm_kind,
        weight=reader(loc, layout.norm_weight),
        bias=reader(loc, layout.norm_bias) if layout.norm_bias else None,
        weight_offset=layout.norm_offset,
        eps=layout.norm_eps,
    )


def _fetch_head_shard(loc: Located, tensor: str | None, bias_tensor: str | None, head_type: str) -> None:
    """Hub: read the header of the shard that holds the head, found by name first; a name whose
    shape then rules it out leads to the next candidate."""
    assert loc.fetch is not None
    for _ in range(8):
        layout0 = detect(loc.shapes, loc.config, tensor=tensor, bias_tensor=bias_tensor, head_type=head_type)
        if layout0 is None or layout0.weight in loc.tensors:
            break
        loc.fetch(layout0.weight)


def _companion_notes(bias: object, norm: FinalNorm | None, position: object) -> list[str]:
    """Where the companions of a Hub head are, when their shard's header is not read yet."""
    notes = []
    for what, t in (("output bias", bias), ("final norm", norm.weight if norm else None),
                    ("position embedding", position)):
        if not isinstance(t, ShardTensor):
            continue
        if _offline() and not t.in_cache():
            notes.append(f"{what} {t.name!r} is in shard {t.shard}, which is not in the "
                         "local cache (offline): not available")
        else:  # the same words whether it is cached or not: a rerun gives the same report
            notes.append(f"{what} {t.name!r} is in shard {t.shard}: read only when needed")
    return notes


def _transfer_note(loc: Located, weight: object) -> list[str]:
    """Said on stderr before a Hub head is read: how much of its shard is read, and from where."""
    if loc.hub is None:
        return []
    from cosaudit.load.hub import transfer_note

    note = transfer_note(loc.hub, weight)
    return [] if note is None else [note]


def _transfer(loc: Located, weight: object, bias: object) -> dict[str, object] | None:
    if loc.hub is None:
        return None
    from cosaudit.load.hub import transfer_facts

    return transfer_facts(loc.hub, weight, bias)


def resolve_labels(head: Head, labels: list[str], ids: list[int]) -> tuple[list[ResolvedLabel], list[str]]:
    """Labels (through the head's vocabulary) and raw ids → rows; (labels, warnings)."""
    return resolve(head.vocab, head.n_rows, list(labels), list(ids))


def _numpy_head_name(loc: Located) -> str | None:
    """The head of a .npy/.npz when no --tensor is given: its only (2-D) array, else None (found
    by name); several 2-D arrays without a known head name are refused."""
    if len(loc.tensors) == 1:
        return next(iter(loc.tensors))
    two_d = [n for n, s in loc.shapes.items() if s is not None and len(s) == 2]
    if len(two_d) == 1:
        return two_d[0]
    if not head_candidates(loc.shapes):
        raise HeadNotFoundError(
            f"{loc.path} holds several arrays; which one is the head?",
            hint="pass --tensor KEY (and --bias-tensor KEY); keys: " + ", ".join(sorted(loc.tensors)),
        )
    return None


def _say_numpy_pick(layout: Any, loc: Located, given: str | None) -> None:
    """A head cosaudit picked from a .npy/.npz was not "given with --tensor": say how it was found."""
    if layout is None or given is not None or loc.kind != "numpy":
        return
    what = f"the only array in {loc.path.name}"
    if len(loc.tensors) > 1:
        what = f"the only 2-D array in {loc.path.name}"
    layout.notes[:] = [f"head tensor {layout.weight!r}: {what}" if "given with --tensor" in n else n
                       for n in layout.notes]


def _numel(shape: tuple[int, ...]) -> int:
    n = 1
    for s in shape:
        n *= int(s)
    return n


def _list_names(loc: Located, *, two_d_only: bool = False) -> str:
    names = [n for n, s in loc.shapes.items() if not two_d_only or (s is not None and len(s) == 2)]
    shown = sorted(names)[:12]
    more = f" … (+{len(names) - 12} more)" if len(names) > 12 else ""
    return ", ".join(f"{n} {list(loc.shapes[n] or [])}" for n in shown) + more or "(none)"


class _CallablePackage(types.ModuleType):
    """`cosaudit.load(...)` is the API's `load` (open a head), even after this package is imported
    (importing a subpackage makes `cosaudit.load` name the package)."""

    def __call__(self, *args: Any, **kwargs: Any) -> Head:
        from cosaudit.api import load

        return load(*args, **kwargs)


sys.modules[__name__].__class__ = _CallablePackage
