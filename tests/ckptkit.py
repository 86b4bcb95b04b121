"""Builders shared by the loader and `inspect` tests: safetensors files written byte by byte
(any dtype, including F8, and deliberately broken headers), a real Hugging Face cache layout,
file hashes (inputs must stay unmodified) and a CLI runner.

Importable from every test module because pytest puts `tests/` on sys.path for its conftest.
"""

from __future__ import annotations

import hashlib
import json
import os
import struct
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np

NUMPY_OF = {
    "F64": np.dtype("<f8"),
    "F32": np.dtype("<f4"),
    "F16": np.dtype("<f2"),
    "BF16": np.dtype(ml_dtypes.bfloat16),
    "F8_E4M3": np.dtype(ml_dtypes.float8_e4m3fn),
    "F8_E5M2": np.dtype(ml_dtypes.float8_e5m2),
    "I64": np.dtype("<i8"),
}


def encode(x: np.ndarray, dtype: str) -> bytes:
    """The little-endian bytes of x stored as a safetensors `dtype` (rounded by ml_dtypes/numpy)."""
    return np.ascontiguousarray(np.asarray(x).astype(NUMPY_OF[dtype])).tobytes()


def header_bytes(header: dict[str, Any]) -> bytes:
    raw = json.dumps(header, separators=(",", ":")).encode()
    raw += b" " * (-len(raw) % 8)  # safetensors pads the header with spaces to 8 bytes
    return struct.pack("<Q", len(raw)) + raw


def write_safetensors(
    path: Path, tensors: dict[str, tuple[str, np.ndarray]], metadata: dict[str, str] | None = None
) -> Path:
    """A safetensors file from {name: (dtype, array)}, written without the safetensors library."""
    header: dict[str, Any] = {}
    blobs = []
    offset = 0
    for name, (dtype, arr) in tensors.items():
        data = encode(arr, dtype)
        header[name] = {
            "dtype": dtype,
            "shape": list(np.shape(arr)),
            "data_offsets": [offset, offset + len(data)],
        }
        blobs.append(data)
        offset += len(data)
    if metadata:
        header["__metadata__"] = metadata
    path = Path(path)
    path.write_bytes(header_bytes(header) + b"".join(blobs))
    return path


def split_file(path: Path) -> tuple[dict[str, Any], bytes]:
    """(header, data section) of a safetensors file."""
    raw = Path(path).read_bytes()
    (n,) = struct.unpack("<Q", raw[:8])
    return json.loads(raw[8 : 8 + n]), raw[8 + n :]


def tree_hashes(root: Path) -> dict[str, str]:
    """sha256 of every file under root (or of root itself): inputs must never change."""
    root = Path(root)
    files = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file())
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in files}


def make_hf_cache(
    hf_home: Path,
    repo: str,
    files: dict[str, bytes],
    *,
    commit: str = "0123456789abcdef0123456789abcdef01234567",
    ref: str = "main",
) -> Path:
    """The layout huggingface_hub writes: models--org--name/{refs/<ref>, blobs/<hash>,
    snapshots/<commit>/<file> → ../../blobs/<hash> (relative symlinks)}. Returns the snapshot."""
    org, name = repo.split("/")
    base = Path(hf_home) / "hub" / f"models--{org}--{name}"
    (base / "refs").mkdir(parents=True, exist_ok=True)
    (base / "refs" / ref).write_text(commit)
    (base / "blobs").mkdir(exist_ok=True)
    snap = base / "snapshots" / commit
    for fname, data in files.items():
        digest = hashlib.sha256(data).hexdigest()
        (base / "blobs" / digest).write_bytes(data)
        link = snap / fname
        link.parent.mkdir(parents=True, exist_ok=True)
        depth = len(Path(fname).parts) + 1  # snapshots/<commit>/[sub/]file → ../../[../]blobs
        os.symlink(os.path.join(*([".."] * depth), "blobs", digest), link)
    return snap


def run_cli(args: list[str]):  # type: ignore[no-untyped-def]
    """Invoke `cosaudit ARGS` in-process; stdout and stderr are kept apart (click ≥ 8.2)."""
    from click.testing import CliRunner

    from cosaudit.cli import cli

    return CliRunner().invoke(cli, [str(a) for a in args])


def run_json(*args: str) -> dict:  # type: ignore[type-arg]
    """Invoke `cosaudit ARGS --format json`; assert success and return the parsed report."""
    import json

    r = run_cli([*args, "--format", "json"])
    assert r.exit_code == 0, r.stderr
    return json.loads(r.stdout)  # type: ignore[no-any-return]


def assert_one_line_error(result, *needles: str) -> str:  # type: ignore[no-untyped-def]
    """Exit 2, nothing on stdout, exactly one line on stderr, no traceback; returns the line."""
    err = result.stderr
    assert result.exit_code == 2, (result.exit_code, result.stdout, err)
    assert "Traceback" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert result.stdout == "", result.stdout
    line = lines[0]
    assert line.startswith("error: "), line
    for n in needles:
        assert n in line, (n, line)
    return line
