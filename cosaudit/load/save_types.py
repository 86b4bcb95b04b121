"""What the checkpoint writer works with: storage dtypes, tensors produced block by block, and
the result of a save."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from cosaudit.errors import UsageError
from cosaudit.load.tensors import ITEMSIZE

DTYPE_NAMES = {"F64": "float64", "F32": "float32", "BF16": "bfloat16", "F16": "float16"}


ST_DTYPES = {v: k for k, v in DTYPE_NAMES.items()}


WEIGHT_SUFFIXES = (
    ".bin",
    ".pt",
    ".pth",
    ".ckpt",
    ".h5",
    ".msgpack",
    ".onnx",
    ".gguf",
    ".pkl",
    ".safetensors",
)


BLOCK_ELEMS = 256 * 1024  # elements per produced block (1 MB of float32: stays in L2)


SUB_ELEMS = 128 * 1024  # elements transformed at a time within a block read from a file


def storage_dtype(requested: str, source_dtype: str) -> str:
    """The dtype a changed tensor is stored in: `requested`, or (auto) the tensor's own dtype."""
    if requested != "auto":
        if requested not in ST_DTYPES:
            raise UsageError(
                f"unknown dtype {requested!r}", hint="use auto, float32, bfloat16 or float16"
            )
        return requested
    return DTYPE_NAMES.get(source_dtype, "float32")  # F8 heads are written as float32


@dataclass
class Produced:
    """A tensor of the output produced block by block (rows of the output dtype)."""

    name: str
    dtype: str  # dtype name (float32, bfloat16, …)
    shape: tuple[int, ...]
    blocks: Callable[[], Iterator[np.ndarray]]

    @property
    def nbytes(self) -> int:
        """Bytes of the tensor in its output dtype."""
        return int(np.prod(self.shape, dtype=np.int64)) * ITEMSIZE[ST_DTYPES[self.dtype]]


@dataclass
class SaveResult:
    """What was written and how it relates to the input."""

    path: Path
    layout: str  # "file" | "folder"
    head_tensor: str
    head_dtype: str
    norm_dtype: str | None
    tie: str  # "none" | "kept" (wte + c, wpe − c) | "untied"
    changed: list[str]
    copied_files: list[str] = field(default_factory=list)
    skipped_files: list[str] = field(default_factory=list)
    input_max_abs_diff: float | None = None  # kept tie: max |Δ(wte[t] + wpe[p])| over t, p, dims
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The save facts for the JSON report."""
        return {
            "path": str(self.path),
            "layout": self.layout,
            "head_tensor": self.head_tensor,
            "dtype": self.head_dtype,
            "norm_dtype": self.norm_dtype,
            "tie": self.tie,
            "changed_tensors": sorted(self.changed),
            "skipped_files": sorted(self.skipped_files),
            "input_max_abs_diff": self.input_max_abs_diff,
            "notes": list(self.notes),
        }
