"""Synthetic checkpoints for the benchmarks, written block by block (no multi-GB arrays)."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import ml_dtypes
import numpy as np

ITEM = {"BF16": 2, "F32": 4, "F16": 2}


def write_synthetic(path: Path, tensors: list[tuple[str, str, tuple[int, ...]]], *, seed: int = 0,
                    offset: float = 0.5) -> Path:
    """Write a safetensors file with random tensors [(name, dtype, shape)], rows sharing an offset."""
    header: dict[str, object] = {"__metadata__": {"format": "pt"}}
    pos = 0
    for name, dtype, shape in tensors:
        n = int(np.prod(shape)) * ITEM[dtype]
        header[name] = {"dtype": dtype, "shape": list(shape), "data_offsets": [pos, pos + n]}
        pos += n
    raw = json.dumps(header, separators=(",", ":")).encode()
    raw += b" " * (-len(raw) % 8)
    rng = np.random.default_rng(seed)
    with open(path, "wb") as fh:
        fh.write(struct.pack("<Q", len(raw)))
        fh.write(raw)
        for _name, dtype, shape in tensors:
            rows = shape[0]
            cols = int(np.prod(shape[1:])) if len(shape) > 1 else 1
            shift = rng.standard_normal(cols).astype(np.float32) * offset
            step = max(1, (64 << 20) // (4 * cols))
            for a in range(0, rows, step):
                b = min(rows, a + step)
                x = rng.standard_normal((b - a, cols), dtype=np.float32) * 0.05 + shift * 0.05
                if dtype == "BF16":
                    fh.write(x.astype(ml_dtypes.bfloat16).tobytes())
                elif dtype == "F16":
                    fh.write(x.astype(np.float16).tobytes())
                else:
                    fh.write(x.tobytes())
    return path
