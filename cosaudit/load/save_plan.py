"""What an equivalent checkpoint replaces or adds: the head (and the norm for S, the position
embeddings for a kept tie), untied when the tie cannot be kept, and the head's provenance hash."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from cosaudit.core.equivalent import Equivalent
from cosaudit.core.rounding import numpy_dtype
from cosaudit.errors import UsageError
from cosaudit.load.blocks import HeadHash, HeadProducer, StoredBlocks, head_stream, row_blocks, threaded
from cosaudit.load.head import Head
from cosaudit.load.save_types import BLOCK_ELEMS, Produced, storage_dtype
from cosaudit.load.tensors import SafetensorsTensor


def _untied_name(embedding: str) -> str:
    for prefix in ("language_model.", "model.language_model."):
        if embedding.startswith(prefix):
            return (
                "language_model.lm_head.weight" if prefix == "language_model." else "lm_head.weight"
            )
    return "lm_head.weight"


@dataclass
class SavePlan:
    """Which tensors an equivalent replaces or adds, and how the tie is handled."""
    replace: dict[str, Produced]  # tensor name → produced replacement
    add: list[Produced]
    tie: str
    head_tensor: str
    head_dtype: str
    norm_dtype: str | None
    untie_config: bool
    host_of_added: str | None  # tensor whose file receives the added tensors
    notes: list[str]
    kept: tuple[Any, Any] | None  # (embedding reader, position reader) of a kept tie


def _head_blocks(W: Any, source: Any, eq: Equivalent, head_dtype: str, produce: HeadProducer | None,
                 hasher: HeadHash | None, reader: Any, src: np.ndarray | None) -> Iterator[np.ndarray]:
    """The stored rows of the head (reader None) or of another tensor, block by block."""
    if reader is None and src is None:  # the head itself, streamed from its file
        yield from head_stream(source, eq, head_dtype, produce, hasher)
    elif reader is None and produce is not None:  # the head, already in memory
        assert src is not None
        rows = max(1, BLOCK_ELEMS // max(1, int(np.prod(src.shape[1:]))))
        for a in range(0, src.shape[0], rows):
            out = np.empty(src[a : a + rows].shape, dtype=numpy_dtype(head_dtype))
            produce(a, src[a : a + rows], out)
            yield out
    else:
        yield from threaded(row_blocks(reader or W, src), StoredBlocks(eq, head_dtype))


def plan_save(
    head: Head,
    eq: Equivalent,
    dtype: str,
    weight_f32: np.ndarray | None,
    tensors: dict[str, SafetensorsTensor],
    produce: HeadProducer | None = None,
    hasher: HeadHash | None = None,
) -> SavePlan:
    """Decide what to write for `eq` (see the module docstring for the rules)."""
    W = head.weight
    head_dtype = storage_dtype(dtype, W.dtype)
    notes: list[str] = []
    source = tensors.get(W.name, W) if isinstance(tensors.get(W.name), SafetensorsTensor) else W

    def head_blocks(reader: Any = None, src: np.ndarray | None = weight_f32) -> Callable[[], Iterator[np.ndarray]]:
        return lambda: _head_blocks(W, source, eq, head_dtype, produce, hasher, reader, src)

    replace: dict[str, Produced] = {}
    add: list[Produced] = []
    tie, untie, host, kept = "none", False, None, None
    if head.tied and eq.symmetry == "translate" and head.position_embedding is not None:
        tie = "kept"
        kept = _keep_tie(head, eq, dtype, tensors, head_dtype, head_blocks, replace, notes)
    elif head.tied:
        tie, untie = "untied", True
        host = _untie(head, eq, head_dtype, head_blocks(), replace, add, notes)
    else:
        replace[W.name] = Produced(W.name, head_dtype, tuple(W.shape), head_blocks())
    norm_dtype = _rescale_norm(head, eq, dtype, replace) if eq.symmetry == "rescale" else None
    return SavePlan(
        replace,
        add,
        tie,
        (add[0].name if add else W.name),
        head_dtype,
        norm_dtype,
        untie,
        host,
        notes,
        kept,
    )


def kept_tie_input_error(eq: Equivalent, plan: SavePlan) -> float:
    """Exact max over tokens t, positions p, dims k of the input error.

    |stored(wte+c)[t] + stored(wpe−c)[p] − wte[t] − wpe[p]|, from per-dimension extremes.
    """
    assert plan.kept is not None and eq.c is not None
    emb, pos = plan.kept
    neg = Equivalent("translate", c=-eq.c)
    d = eq.c.shape[0]
    hi = [np.full(d, -np.inf), np.full(d, -np.inf)]
    lo = [np.full(d, np.inf), np.full(d, np.inf)]
    for k, (reader, e, dt) in enumerate(
        ((emb, eq, plan.head_dtype), (pos, neg, storage_dtype(plan.head_dtype, pos.dtype)))
    ):
        for blk in row_blocks(reader, None):
            err = e.stored_rows(blk, dt).astype(np.float64) - e.weight(blk.astype(np.float64))
            hi[k] = np.maximum(hi[k], err.max(axis=0))
            lo[k] = np.minimum(lo[k], err.min(axis=0))
    return float(max(np.max(np.abs(hi[0] + hi[1])), np.max(np.abs(lo[0] + lo[1]))))


def _keep_tie(head: Head, eq: Equivalent, dtype: str, tensors: dict[str, SafetensorsTensor], head_dtype: str,
              head_blocks: Callable[..., Callable[[], Iterator[np.ndarray]]], replace: dict[str, Produced],
              notes: list[str]) -> tuple[Any, Any]:
    """A tied head translated with learned positions: embedding + c and positions − c, so every
    input vector (token + position) is unchanged. Returns the (embedding, positions) kept tied."""
    W = head.weight
    emb_name = head.tied_to or W.name
    replace[W.name] = Produced(W.name, head_dtype, tuple(W.shape), head_blocks())
    emb: Any = W
    if emb_name != W.name:  # a stored copy of a tied matrix: the embedding gets + c as well
        emb = tensors[emb_name]
        replace[emb_name] = Produced(
            emb_name, storage_dtype(dtype, emb.dtype), tuple(emb.shape), head_blocks(emb, None)
        )
        notes.append(f"the stored copy {W.name!r} and the embedding {emb_name!r} both get + c")
    pos = head.position_embedding
    assert pos is not None  # the caller keeps the tie only with learned positions
    pos_dtype = storage_dtype(dtype, pos.dtype)
    neg = Equivalent("translate", c=-np.asarray(eq.c))
    replace[pos.name] = Produced(
        pos.name,
        pos_dtype,
        tuple(pos.shape),
        lambda: (neg.stored_rows(b, pos_dtype) for b in row_blocks(pos, None)),
    )
    notes.append(
        f"tie kept: input embedding + c, position embedding {pos.name!r} − c, so every input "
        "vector (token + position) is unchanged"
    )
    return emb, pos


def _untie(head: Head, eq: Equivalent, head_dtype: str, blocks: Callable[[], Iterator[np.ndarray]],
           replace: dict[str, Produced], add: list[Produced], notes: list[str]) -> str | None:
    """A tied head that cannot stay tied: written as its own tensor (a new name when the stored
    one is the embedding). Returns the tensor the new one is written after, if any."""
    W = head.weight
    new_name = W.name if W.name != head.tied_to else _untied_name(W.name)
    prod = Produced(new_name, head_dtype, tuple(W.shape), blocks)
    host = None
    if new_name == W.name:
        replace[W.name] = prod
    else:
        add.append(prod)
        host = W.name
    why = "rescaling" if eq.symmetry == "rescale" else "there are no learned absolute position embeddings"
    notes.append(
        f"untied: the head is written as {new_name!r} and tie_word_embeddings set to false "
        f"({why} to absorb the change); the input embedding {head.tied_to!r} is untouched"
    )
    return host


def _rescale_norm(head: Head, eq: Equivalent, dtype: str, replace: dict[str, Produced]) -> str:
    """Rescaling moves the scale into the final norm's gain (and bias). Returns the gain's dtype."""
    norm = head.final_norm
    if norm is None:
        raise UsageError("rescaling needs a final norm before the head, and this checkpoint has none")
    gain_tensor = norm.weight
    norm_dtype = storage_dtype(dtype, gain_tensor.dtype)
    gain = gain_tensor.read().astype(np.float64) + norm.weight_offset
    g_new = eq.stored_vector(gain, norm_dtype, kind="gain", offset=norm.weight_offset)
    replace[gain_tensor.name] = Produced(
        gain_tensor.name, norm_dtype, tuple(gain_tensor.shape), lambda: iter([g_new.reshape(gain_tensor.shape)])
    )
    shift = norm.bias
    if shift is not None:
        nb_dtype = storage_dtype(dtype, shift.dtype)
        s_new = eq.stored_vector(shift.read().astype(np.float64), nb_dtype, kind="shift")
        replace[shift.name] = Produced(
            shift.name, nb_dtype, tuple(shift.shape), lambda: iter([s_new.reshape(shift.shape)])
        )
    return norm_dtype
