"""What the loaders return: one head, described, with lazy access to its numbers.

`Head` is the contract between `load` and the commands: tensor names and facts for the report,
and `matrix()` / `rows()` / `bias_vector()` that read (and convert to float32) only on demand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol

import numpy as np

HeadType = Literal["softmax", "sigmoid"]


class TensorReader(Protocol):
    """Lazy access to one 1-D or 2-D tensor, converted to float32 on read."""

    name: str
    shape: tuple[int, ...]
    dtype: str  # safetensors dtype string: F32, F16, BF16, F8_E4M3, F8_E5M2, F64
    file: Path | None

    def read(self, on_block: Any = None) -> np.ndarray: ...

    def read_rows(self, start: int, stop: int) -> np.ndarray: ...

    def iter_blocks(self, block_rows: int | None = None) -> Iterator[tuple[int, np.ndarray]]: ...

    def read_raw(self) -> bytes: ...


@dataclass
class FinalNorm:
    """The norm right before the head: h = gain ⊙ n(x) + bias (LayerNorm) or gain ⊙ n(x) (RMSNorm)."""

    kind: Literal["layernorm", "rmsnorm"]
    weight: TensorReader
    bias: TensorReader | None = None
    # Gemma-style RMSNorm multiplies by (1 + weight): the effective gain is weight + offset.
    weight_offset: float = 0.0
    eps: float | None = None

    def gain(self) -> np.ndarray:
        return self.weight.read().astype(np.float32) + np.float32(self.weight_offset)

    def shift(self) -> np.ndarray | None:
        return None if self.bias is None else self.bias.read().astype(np.float32)


@dataclass
class Head:
    """One output head of a checkpoint."""

    source: str  # what the user gave (path, repo id, "demo")
    # file loaders: safetensors / folder / hub / numpy; in-memory objects (load/live.py): array /
    # tensor / transformers / transformer_lens
    kind: Literal["safetensors", "folder", "hub", "numpy", "array", "tensor", "transformers", "transformer_lens"]
    root: Path | None  # the checkpoint folder (folder / Hub snapshot), else None
    path: Path  # the file or folder that was opened
    weight: TensorReader  # V × d, rows = labels
    bias: TensorReader | None = None
    tied: bool = False
    tied_to: str | None = None  # the input-embedding tensor it shares (when tied)
    position_embedding: TensorReader | None = None  # learned absolute positions (GPT-2, BERT)
    final_norm: FinalNorm | None = None
    softcap: float | None = None  # final_logit_softcapping
    head_type: HeadType = "softmax"
    head_type_reason: str = "default"
    normalized_rows: bool = False  # rows normalised at run time (cosine heads)
    revision: str | None = None  # resolved Hub commit
    config: dict[str, Any] = field(default_factory=dict)
    model_type: str | None = None
    vocab: Any = None  # cosaudit.load.labels.Vocabulary, or None
    n_vocab: int | None = None  # labels known to the tokenizer / id2label; rows past it are padding
    detection: list[str] = field(default_factory=list)  # how each fact was found, for the report
    default_note: str | None = None  # set when no CHECKPOINT was given (said on stderr)
    notes: list[str] = field(default_factory=list)  # said on stderr (e.g. a name read as a local path)
    # Hub, read by range: {"shard", "shard_bytes", "fetched_bytes", "by_range", "commit"}
    transfer: dict[str, Any] | None = None
    # Hub: download the whole checkpoint (flip --save); complete(say) tells `say` first
    complete: Callable[..., Path] | None = None
    # Hub: fetch the head's bytes now, prefetch(advance) with advance(n) per n bytes (for a bar)
    prefetch: Callable[..., None] | None = None
    prefetch_bytes: int = 0
    # an in-memory object only: what was done to its weights before cosaudit saw them (e.g.
    # TransformerLens' fold_ln / center_unembed) and what that means for the cosines shown
    processing_note: str | None = None
    live: Any = None  # the in-memory object the head was read from (load/live.py), else None

    @property
    def shape(self) -> tuple[int, int]:
        v, d = self.weight.shape
        return int(v), int(d)

    @property
    def n_rows(self) -> int:
        return self.shape[0]

    @property
    def dim(self) -> int:
        return self.shape[1]

    def matrix(self, on_block: Any = None) -> np.ndarray:
        """The whole V × d head as float32 (converted blockwise into one array).

        `on_block(start, rows)` is called with each converted block (for one-pass statistics).
        """
        return self.weight.read(on_block) if on_block is not None else self.weight.read()

    def rows(self, ids: list[int]) -> np.ndarray:
        """Selected rows as float32 (float64 for an F64 head), reading only what is needed."""
        out = np.empty((len(ids), self.dim), dtype=np.float64 if self.weight.dtype == "F64" else np.float32)
        for k, i in enumerate(ids):
            out[k] = self.weight.read_rows(i, i + 1)[0]
        return out

    def bias_vector(self) -> np.ndarray | None:
        return None if self.bias is None else self.bias.read().reshape(-1)

    def label_of(self, i: int) -> str:
        """A printable name of row i (token, id2label name, or `#i`)."""
        if self.vocab is not None:
            name = self.vocab.name(i)
            if name is not None:
                return str(name)
        return f"#{i}"

    def facts(self) -> dict[str, Any]:
        """The `checkpoint` object of every JSON report."""
        norm = None
        if self.final_norm is not None:
            norm = {
                "kind": self.final_norm.kind,
                "weight": self.final_norm.weight.name,
                "bias": None if self.final_norm.bias is None else self.final_norm.bias.name,
            }
        facts = {
            "source": self.source,
            "kind": self.kind,
            "path": str(self.path),
            "tensor": self.weight.name,
            "file": None if self.weight.file is None else str(self.weight.file),
            "shape": list(self.shape),
            "dtype": self.weight.dtype,
            "tied": self.tied,
            "tied_to": self.tied_to,
            "bias": None if self.bias is None else self.bias.name,
            "final_norm": norm,
            "softcap": self.softcap,
            "revision": self.revision,
            "model_type": self.model_type,
            "n_vocab": self.n_vocab,
            "padding_rows": max(0, self.n_rows - self.n_vocab) if self.n_vocab else 0,
        }
        if self.transfer is not None:  # only for Hub heads read by range
            facts["transfer"] = dict(self.transfer)
        if self.processing_note is not None:  # only for in-memory weights already transformed
            facts["processing"] = self.processing_note
        return facts


@dataclass(frozen=True)
class ResolvedLabel:
    """A label as the user wrote it, the row it became, and the token string of that row."""

    label: str
    id: int
    token: str | None
    how: str  # "tokenizer", "id2label", "labels-file", "id"

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "id": self.id, "token": self.token}
