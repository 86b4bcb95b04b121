"""Write an equivalent model as a checkpoint that other tools load.

Folder in → folder out: every tensor byte-identical except the head (and the final norm for S,
the position embeddings for a kept tie); shards and the index kept consistent; tokenizer and
other small files copied; pickled weight files left out (they would hold the original weights).
File in → file out. Provenance goes into the safetensors `__metadata__`.

Untouched tensors are copied as byte ranges straight from the source file (`copy_file_range`,
in the kernel). The head is read once, in blocks, on a read-ahead thread that also hashes its
raw bytes (the provenance sha256); each block is transformed in cache-sized pieces into a
reused buffer — or by the caller, which verifies the rows it hands back (`produce_head_rows`) —
and written with one large write, whose writeback to disk starts at once so that the final
fsync has little left to wait for. Memory stays bounded (a few 32 MB buffers). Everything is
written into a temporary file or folder beside the target and renamed into place
(`cosaudit.load.atomic`): a failure leaves nothing.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import shutil
import struct
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from cosaudit import __version__
from cosaudit.core.equivalent import Equivalent
from cosaudit.core.rounding import numpy_dtype
from cosaudit.errors import InputError, OutputError, UsageError
from cosaudit.load.atomic import atomic_dir, atomic_file, check_output_path
from cosaudit.load.head import Head
from cosaudit.load.tensors import (
    BLOCK_BYTES,
    FLOAT_DTYPES,
    ITEMSIZE,
    SafetensorsTensor,
    convert_into,
    read_safetensors_header,
)

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


# --------------------------------------------------------------------------- safetensors writing


def _row_blocks(reader: Any, source: np.ndarray | None) -> Iterator[np.ndarray]:
    """Float32 row blocks of a tensor: from an in-memory matrix when given, else from the reader."""
    if source is not None:
        rows = max(1, BLOCK_ELEMS // max(1, int(np.prod(source.shape[1:], dtype=np.int64))))
        for a in range(0, source.shape[0], rows):
            yield source[a : a + rows]
    elif hasattr(reader, "iter_blocks"):
        for _a, blk in reader.iter_blocks():
            yield blk.copy()  # the reader reuses its buffer
    else:
        yield reader.read()


RING = 4  # output buffers per producer: blocks in flight (3) + the one being written


def _threaded(
    blocks: Iterator[np.ndarray], fn: Callable[[np.ndarray, int], np.ndarray]
) -> Iterator[np.ndarray]:
    """Apply fn(block, slot) on two worker threads, in order, at most 3 blocks in flight.

    `slot` (0 … RING−1) names a set of buffers the call may reuse: block k uses slot k % RING,
    and block k + RING is only submitted after block k has been yielded (and written).
    """
    with ThreadPoolExecutor(max_workers=2, thread_name_prefix="cosaudit-write") as pool:
        window: deque[Future[np.ndarray]] = deque()
        for k, blk in enumerate(blocks):
            window.append(pool.submit(fn, blk, k % RING))
            if len(window) >= RING - 1:
                yield window.popleft().result()
        while window:
            yield window.popleft().result()


class _StoredBlocks:
    """Produces the stored bytes of an equivalent's rows block by block, reusing buffers."""

    def __init__(self, eq: Equivalent, dtype: str):
        self.eq = eq
        self.dtype = dtype
        self.buffers: dict[tuple[int, str], np.ndarray] = {}

    def _buf(self, slot: int, kind: str, shape: tuple[int, ...], dtype: Any) -> np.ndarray:
        buf = self.buffers.get((slot, kind))
        n = int(np.prod(shape))
        if buf is None or buf.size < n:
            buf = np.empty(n, dtype=dtype)
            self.buffers[(slot, kind)] = buf
        return buf[:n].reshape(shape)

    def __call__(self, blk: np.ndarray, slot: int) -> np.ndarray:
        if self.dtype == "float64":
            return self.eq.stored_rows(blk, "float64")
        shape = blk.shape
        if blk.dtype != np.float32 and blk.dtype.itemsize <= 4:  # bf16/f16 rows: exact in f32
            src = self._buf(slot, "src", shape, np.float32)
            np.copyto(src, blk, casting="unsafe")
            blk = src
        f32 = self._buf(slot, "f32", shape, np.float32)
        if self.dtype == "bfloat16":
            # float32 arithmetic, then ml_dtypes' cast (nearest, ties to even): bit-identical to
            # `Equivalent.stored_rows_f32(…, "bfloat16")`, which the verifier uses, and faster here
            self.eq.stored_rows_f32(blk, "float32", out=f32)
            b16 = self._buf(slot, "bf16", shape, numpy_dtype("bfloat16"))
            np.copyto(b16, f32, casting="unsafe")
            return b16
        self.eq.stored_rows_f32(blk, self.dtype, out=f32)
        if self.dtype == "float16":
            f16 = self._buf(slot, "f16", shape, np.float16)
            np.copyto(f16, f32, casting="unsafe")  # exact: the values are float16 values
            return f16
        return f32




HeadProducer = Callable[[int, np.ndarray, np.ndarray], None]


class _HeadHash:
    """sha256 of the source head's bytes: taken while the head is read for writing, or (when
    they were not all read that way by the time it is needed) by reading them once more."""

    def __init__(self, reader: Any, future: Future[str] | None = None):
        self.reader = reader
        self.future = future
        self.digest: str | None = None
        self._h = hashlib.sha256()
        self._next = 0  # bytes hashed so far, in order

    def update(self, offset: int, data: np.ndarray) -> None:
        if offset == self._next:  # only an in-order, complete read yields the digest
            self._h.update(memoryview(data))
            self._next += data.nbytes
            entry = getattr(self.reader, "entry", None)
            if entry is not None and self._next == entry.nbytes:
                self.digest = self._h.hexdigest()

    def result(self) -> str:
        if self.future is not None:
            return self.future.result()
        if self.digest is None:
            self.digest = _sha256_of(self.reader)
        return self.digest


NATIVE: dict[str, Any] = {"F32": "float32", "F64": "float64", "F16": "float16", "BF16": "bfloat16"}


def iter_head_blocks(
    reader: Any, *, hasher: _HeadHash | None = None
) -> Iterator[tuple[int, np.ndarray]]:
    """(start, rows) over a head's rows, read ahead on a second thread.

    A safetensors tensor of a float dtype numpy can view (F32, F64, F16 and BF16 through
    ml_dtypes) is handed over as a view of the raw bytes, unconverted: consumers convert the
    rows where they use them (in cache), so the read costs one copy from the page cache. The
    raw bytes are hashed as they arrive when `hasher` is given (one read serves the provenance
    hash and the transform). Two raw buffers are reused; a block is valid until the one after
    next is asked for. Other readers fall back to their own `iter_blocks` (float32).
    """
    if not isinstance(reader, SafetensorsTensor) or reader.dtype not in FLOAT_DTYPES:
        if hasattr(reader, "iter_blocks"):
            yield from reader.iter_blocks()
        else:
            yield 0, reader.read()
        return
    e = reader.entry
    rows = reader.shape[0]
    row_elems = int(np.prod(reader.shape[1:], dtype=np.int64)) if len(reader.shape) > 1 else 1
    row_bytes = row_elems * ITEMSIZE[reader.dtype]
    block_rows = max(1, BLOCK_BYTES // max(row_bytes, 1))
    n = min(block_rows, rows)
    native = NATIVE.get(reader.dtype) if sys.byteorder == "little" else None
    view_dtype = None
    if native is not None:
        view_dtype = numpy_dtype(native)
    raws = [np.empty(n * row_bytes, dtype=np.uint8) for _ in range(2)]
    bufs = []
    if view_dtype is None:  # F8: converted to float32 here
        bufs = [np.empty((n, row_elems), dtype=np.float32) for _ in range(2)]
    starts = list(range(0, rows, block_rows))
    fd = os.open(e.file, os.O_RDONLY)

    def load(k: int) -> np.ndarray:
        a = starts[k]
        b = min(rows, a + block_rows)
        raw = raws[k % 2][: (b - a) * row_bytes]
        got = os.preadv(fd, [memoryview(raw)], e.begin + a * row_bytes)
        if got != raw.nbytes:
            raise InputError(
                f"{e.file} is truncated: could not read tensor {reader.name!r}",
                hint="re-download or re-save the checkpoint",
            )
        if hasher is not None:
            hasher.update(a * row_bytes, raw)
        if view_dtype is not None:
            return raw.view(view_dtype).reshape(b - a, row_elems)
        out = bufs[k % 2][: b - a]
        convert_into(raw, reader.dtype, out)
        return out

    try:
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="cosaudit-read") as pool:
            pending = pool.submit(load, 0) if starts else None
            try:
                for k, a in enumerate(starts):
                    assert pending is not None
                    view = pending.result()
                    pending = pool.submit(load, k + 1) if k + 1 < len(starts) else None
                    yield a, view.reshape((view.shape[0], *reader.shape[1:]))
            finally:
                if pending is not None:
                    pending.cancel()
    finally:
        os.close(fd)




def _head_stream(
    reader: Any,
    eq: Equivalent,
    dtype: str,
    produce: HeadProducer | None,
    hasher: _HeadHash | None,
) -> Iterator[np.ndarray]:
    """The stored rows of the head, block by block, from one read of the source.

    Each block's stored rows are computed once into a reused output buffer, by `produce(start,
    source rows, out)` when given (the caller computes and verifies them in the same pass —
    `core.verify.StreamVerifier` with `emit`), else by `_StoredBlocks` — and handed to the writer.
    """
    stored = _StoredBlocks(eq, dtype)
    out_dtype = numpy_dtype(dtype)
    # two output buffers in turn: the writer writes one (on its thread) while the next is made
    out_bufs: list[np.ndarray | None] = [None, None]
    for k, (start, blk) in enumerate(iter_head_blocks(reader, hasher=hasher)):
        out_buf = out_bufs[k % 2]
        if out_buf is None or out_buf.shape[0] < blk.shape[0]:
            out_buf = out_bufs[k % 2] = np.empty(blk.shape, dtype=out_dtype)
        out = out_buf[: blk.shape[0]]
        if produce is not None:
            produce(start, blk, out)
        else:  # in cache-sized pieces (a 64 MB float32 temporary per block would cost more)
            step = max(1, SUB_ELEMS // max(1, int(np.prod(blk.shape[1:], dtype=np.int64))))
            for a in range(0, blk.shape[0], step):
                out[a : a + step] = stored(blk[a : a + step], 0)
        yield out


_NO_COPY_RANGE = {
    errno.EXDEV,
    errno.ENOSYS,
    errno.EINVAL,
    errno.EOPNOTSUPP,
    errno.EBADF,
    errno.EPERM,
}


def _copy_range(src: Path, begin: int, length: int, dst_fd: int) -> None:
    with open(src, "rb") as fh:
        fd = fh.fileno()
        off = begin
        left = length
        while left > 0:
            try:
                n = os.copy_file_range(fd, dst_fd, left, off)
            except OSError as exc:
                if exc.errno not in _NO_COPY_RANGE:
                    raise
                n = 0
            if n == 0:  # not supported across these files: fall back to plain reads
                while left > 0:
                    chunk = os.pread(fd, min(left, 64 << 20), off)
                    if not chunk:
                        raise OutputError(
                            f"{src} ended early while copying", hint="is the input being modified?"
                        )
                    os.write(dst_fd, chunk)
                    off += len(chunk)
                    left -= len(chunk)
                return
            off += n
            left -= n


_sync_file_range: Any = False  # False: not looked up yet; None: unavailable


def _start_writeback(fd: int, offset: int, nbytes: int) -> None:
    """Ask the kernel to start writing these bytes to disk now (Linux `sync_file_range`,
    SYNC_FILE_RANGE_WRITE: asynchronous), so that the final fsync does not wait for all of
    them at once; it still guarantees durability. Does nothing where unavailable."""
    global _sync_file_range
    if _sync_file_range is False:
        _sync_file_range = None
        if sys.platform.startswith("linux"):
            try:
                import ctypes

                libc = ctypes.CDLL(None, use_errno=True)
                fn = libc.sync_file_range
                fn.argtypes = [ctypes.c_int, ctypes.c_int64, ctypes.c_int64, ctypes.c_uint]
                fn.restype = ctypes.c_int
                _sync_file_range = fn
            except (OSError, AttributeError):
                _sync_file_range = None
    if _sync_file_range is not None and nbytes > 0:
        _sync_file_range(fd, offset, nbytes, 2)  # SYNC_FILE_RANGE_WRITE; errors: fsync reports


def _umask_mode(mode: int) -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mode & ~mask


def _write_all(fd: int, data: bytes | memoryview) -> None:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def _write_blocks(fd: int, blocks: Iterator[np.ndarray]) -> int:
    """Write the blocks in order at the file's position; return the bytes written.

    Each block is written on a second thread while the generator makes the next one (`write`
    releases the GIL), so the producer's buffer for a block must stay untouched until the block
    after it is asked for: `_head_stream` keeps two in turn. Errors of the writes are raised here.
    """
    first = pos = os.lseek(fd, 0, os.SEEK_CUR)

    def put(data: memoryview, at: int) -> None:
        _write_all(fd, data)
        _start_writeback(fd, at, len(data))

    pending: Future[None] | None = None
    with ThreadPoolExecutor(1, thread_name_prefix="cosaudit-write") as pool:
        try:
            for blk in blocks:
                data = memoryview(np.ascontiguousarray(blk).reshape(-1).view(np.uint8))
                if pending is not None:
                    pending.result()
                pending = pool.submit(put, data, pos)
                pos += len(data)
            if pending is not None:
                pending.result()
                pending = None
        finally:
            if pending is not None:
                pending.cancel()
                try:
                    pending.result()
                except BaseException:  # noqa: BLE001 - the first error is being raised already
                    pass
    return pos - first


def write_safetensors(
    out: Path,
    src: Path | None,
    *,
    replace: dict[str, Produced],
    add: list[Produced] | None = None,
    metadata: dict[str, str] | None = None,
    final_metadata: Callable[[], dict[str, str]] | None = None,
) -> dict[str, int]:
    """Write `src` to `out` with tensors replaced/added; return {name: nbytes} of the output.

    `final_metadata`, when given, is called once the data is written and must return values of
    the same lengths as `metadata` (a hash for its placeholder): the header is then rewritten.
    """
    header_in = read_safetensors_header(src) if src is not None else None
    entries = sorted(header_in.entries.values(), key=lambda e: e.begin) if header_in else []
    plan: list[tuple[str, str, tuple[int, ...], int, Any]] = []
    for e in entries:
        if e.name in replace:
            p = replace[e.name]
            plan.append((e.name, ST_DTYPES[p.dtype], p.shape, p.nbytes, p))
        else:
            plan.append((e.name, e.dtype, e.shape, e.nbytes, e))
    for p in add or []:
        plan.append((p.name, ST_DTYPES[p.dtype], p.shape, p.nbytes, p))
    def header_bytes(extra: dict[str, str] | None) -> tuple[bytes, int]:
        header: dict[str, Any] = {}
        meta = dict(header_in.metadata) if header_in else {}
        meta.update(extra or {})
        if meta:
            header["__metadata__"] = meta
        offset = 0
        for name, dt, shape, nbytes, _ in plan:
            header[name] = {
                "dtype": dt,
                "shape": list(shape),
                "data_offsets": [offset, offset + nbytes],
            }
            offset += nbytes
        hb = json.dumps(header, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        return hb + b" " * ((8 - len(hb) % 8) % 8), offset

    hb, offset = header_bytes(metadata)
    fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        _write_all(fd, struct.pack("<Q", len(hb)) + hb)
        for name, _dt, _shape, nbytes, what in plan:
            if isinstance(what, Produced):
                written = _write_blocks(fd, what.blocks())
                if written != nbytes:
                    raise OutputError(
                        f"internal error: tensor {name} produced {written} bytes, expected {nbytes}"
                    )
            else:
                _copy_range(what.file, what.begin, nbytes, fd)
        if final_metadata is not None:
            hb2, _ = header_bytes(final_metadata())
            if len(hb2) != len(hb):
                raise OutputError("internal error: the final header changed length")
            os.pwrite(fd, hb2, 8)
        size = os.lseek(fd, 0, os.SEEK_CUR)
        if size != 8 + len(hb) + offset:
            raise OutputError(
                f"internal error: wrote {size} bytes to {out}, expected {8 + len(hb) + offset}"
            )
        os.fsync(fd)
    finally:
        os.close(fd)
    return {name: nbytes for name, _dt, _shape, nbytes, _ in plan}


# --------------------------------------------------------------------------- plan


def start_head_hash(head: Head) -> Future[str]:
    """Start hashing the source head's bytes on a thread; the future gives the hex sha256."""
    fut: Future[str] = Future()

    def run() -> None:
        try:
            fut.set_result(_sha256_of(head.weight))
        except BaseException as exc:  # noqa: BLE001 - handed to whoever waits
            fut.set_exception(exc)

    threading.Thread(target=run, name="cosaudit-sha256", daemon=True).start()
    return fut


def _sha256_of(reader: Any) -> str:
    h = hashlib.sha256()
    if isinstance(reader, SafetensorsTensor):
        e = reader.entry
        with open(e.file, "rb") as fh:
            fh.seek(e.begin)
            left = e.nbytes
            while left > 0:
                chunk = fh.read(min(left, 16 << 20))
                if not chunk:
                    break
                h.update(chunk)
                left -= len(chunk)
    else:
        h.update(reader.read_raw())
    return h.hexdigest()


def _untied_name(embedding: str) -> str:
    for prefix in ("language_model.", "model.language_model."):
        if embedding.startswith(prefix):
            return (
                "language_model.lm_head.weight" if prefix == "language_model." else "lm_head.weight"
            )
    return "lm_head.weight"


@dataclass
class _Plan:
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


def _plan(
    head: Head,
    eq: Equivalent,
    dtype: str,
    weight_f32: np.ndarray | None,
    tensors: dict[str, SafetensorsTensor],
    produce: HeadProducer | None = None,
    hasher: _HeadHash | None = None,
) -> _Plan:
    """Decide what to write for `eq` (see the module docstring for the rules)."""
    W = head.weight
    head_dtype = storage_dtype(dtype, W.dtype)
    notes: list[str] = []
    source = tensors.get(W.name, W) if isinstance(tensors.get(W.name), SafetensorsTensor) else W

    def head_blocks(
        reader: Any = None, src: np.ndarray | None = weight_f32
    ) -> Callable[[], Iterator[np.ndarray]]:
        def gen() -> Iterator[np.ndarray]:
            if reader is None and src is None:  # the head itself, streamed from its file
                yield from _head_stream(source, eq, head_dtype, produce, hasher)
            elif reader is None and produce is not None:  # the head, already in memory
                assert src is not None
                rows = max(1, BLOCK_ELEMS // max(1, int(np.prod(src.shape[1:]))))
                for a in range(0, src.shape[0], rows):
                    out = np.empty(src[a : a + rows].shape, dtype=numpy_dtype(head_dtype))
                    produce(a, src[a : a + rows], out)
                    yield out
            else:
                yield from _threaded(_row_blocks(reader or W, src), _StoredBlocks(eq, head_dtype))

        return gen

    replace: dict[str, Produced] = {}
    add: list[Produced] = []
    tie = "none"
    untie = False
    host = None
    kept = None
    shape = tuple(W.shape)
    if head.tied and eq.symmetry == "translate" and head.position_embedding is not None:
        tie = "kept"
        emb_name = head.tied_to or W.name
        replace[W.name] = Produced(W.name, head_dtype, shape, head_blocks())
        emb = W
        if emb_name != W.name:  # a stored copy of a tied matrix: the embedding gets + c as well
            emb = tensors[emb_name]
            replace[emb_name] = Produced(
                emb_name, storage_dtype(dtype, emb.dtype), tuple(emb.shape), head_blocks(emb, None)
            )
            notes.append(f"the stored copy {W.name!r} and the embedding {emb_name!r} both get + c")
        pos = head.position_embedding
        pos_dtype = storage_dtype(dtype, pos.dtype)
        neg = Equivalent("translate", c=-np.asarray(eq.c))
        replace[pos.name] = Produced(
            pos.name,
            pos_dtype,
            tuple(pos.shape),
            lambda: (neg.stored_rows(b, pos_dtype) for b in _row_blocks(pos, None)),
        )
        kept = (emb, pos)
        notes.append(
            f"tie kept: input embedding + c, position embedding {pos.name!r} − c, so every input "
            "vector (token + position) is unchanged"
        )
    elif head.tied:
        untie = True
        tie = "untied"
        new_name = W.name if W.name != head.tied_to else _untied_name(W.name)
        prod = Produced(new_name, head_dtype, shape, head_blocks())
        if new_name == W.name:
            replace[W.name] = prod
        else:
            add.append(prod)
            host = W.name
        why = (
            "rescaling"
            if eq.symmetry == "rescale"
            else "there are no learned absolute position embeddings"
        )
        notes.append(
            f"untied: the head is written as {new_name!r} and tie_word_embeddings set to false "
            f"({why} to absorb the change); the input embedding {head.tied_to!r} is untouched"
        )
    else:
        replace[W.name] = Produced(W.name, head_dtype, shape, head_blocks())
    norm_dtype = None
    if eq.symmetry == "rescale":
        norm = head.final_norm
        if norm is None:
            raise UsageError(
                "rescaling needs a final norm before the head, and this checkpoint has none"
            )
        norm_dtype = storage_dtype(dtype, norm.weight.dtype)
        gain = norm.weight.read().astype(np.float64) + norm.weight_offset
        g_new = eq.stored_vector(gain, norm_dtype, kind="gain", offset=norm.weight_offset)
        replace[norm.weight.name] = Produced(
            norm.weight.name,
            norm_dtype,
            tuple(norm.weight.shape),
            lambda: iter([g_new.reshape(norm.weight.shape)]),
        )
        if norm.bias is not None:
            nb_dtype = storage_dtype(dtype, norm.bias.dtype)
            s_new = eq.stored_vector(norm.bias.read().astype(np.float64), nb_dtype, kind="shift")
            replace[norm.bias.name] = Produced(
                norm.bias.name,
                nb_dtype,
                tuple(norm.bias.shape),
                lambda: iter([s_new.reshape(norm.bias.shape)]),
            )
    return _Plan(
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


def _kept_tie_input_error(eq: Equivalent, plan: _Plan) -> float:
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
        for blk in _row_blocks(reader, None):
            err = e.stored_rows(blk, dt).astype(np.float64) - e.weight(blk.astype(np.float64))
            hi[k] = np.maximum(hi[k], err.max(axis=0))
            lo[k] = np.minimum(lo[k], err.min(axis=0))
    return float(max(np.max(np.abs(hi[0] + hi[1])), np.max(np.abs(lo[0] + lo[1]))))


# --------------------------------------------------------------------------- save


def provenance(
    head: Head,
    *,
    symmetry: str,
    labels: list[dict[str, Any]],
    target: float,
    head_sha256: str,
    dtype: str,
) -> dict[str, str]:
    """The `cosaudit.*` keys written into the safetensors `__metadata__`."""
    return {
        "cosaudit.version": __version__,
        "cosaudit.symmetry": symmetry,
        "cosaudit.labels": json.dumps(labels, sort_keys=True, ensure_ascii=False),
        "cosaudit.target": repr(float(target)),
        "cosaudit.source": head.source,
        "cosaudit.source_head": head.weight.name,
        "cosaudit.source_head_sha256": head_sha256,
        "cosaudit.dtype": dtype,
    }


def check_save_path(head: Head, out: Path, *, force: bool) -> Path:
    """Refuse an output inside the input, over an existing path (without force), or unwritable."""
    inputs = tuple(p for p in {head.path, head.root} if p is not None)
    return check_output_path(Path(out), force=force, inputs=inputs)


def save_equivalent(
    head: Head,
    eq: Equivalent,
    out: Path,
    *,
    symmetry: str,
    labels: list[dict[str, Any]],
    target: float,
    dtype: str = "auto",
    force: bool = False,
    weight_f32: np.ndarray | None = None,
    head_sha256: Future[str] | None = None,
    produce_head_rows: HeadProducer | None = None,
    before_commit: Callable[[], None] | None = None,
) -> SaveResult:
    """Write the equivalent model `eq` of `head` to `out` (atomic). See the module docstring.

    The head is read once, from its file, in blocks: the raw bytes are hashed as they arrive
    (the provenance's sha256 of the source head), converted, transformed and written.
    `produce_head_rows(start, source rows, out)`, when given, computes the stored rows of each
    block of the head into `out` (the caller computes and verifies them in one pass; what it
    verified is what is written); `before_commit()` runs once everything
    is written, before the output is renamed into place (an error there leaves nothing).
    `weight_f32`: the head already in memory (then it is not read); `head_sha256`: a future of
    the source head's sha256 started earlier (`start_head_hash`).
    """
    out = Path(out)
    check_save_path(head, out, force=force)
    if head.kind == "numpy":
        return _save_numpy(
            head,
            eq,
            out,
            symmetry=symmetry,
            labels=labels,
            target=target,
            dtype=dtype,
            force=force,
            weight_f32=weight_f32,
            produce_head_rows=produce_head_rows,
            before_commit=before_commit,
        )
    if head.kind != "safetensors":
        _require_complete_folder(head)
    tensors = _tensor_map(head)
    found = tensors.get(head.weight.name)
    src_reader: Any = found if isinstance(found, SafetensorsTensor) else head.weight
    # the sha256 of the source head: from the bytes read for the transform (or a future given);
    # the header carries a placeholder of the same length, filled in last
    hash_future = _HeadHash(src_reader, head_sha256)
    plan = _plan(head, eq, dtype, weight_f32, tensors, produce_head_rows, hash_future)
    input_err = _kept_tie_input_error(eq, plan) if plan.kept is not None else None

    def meta(digest: str = "0" * 64) -> dict[str, str]:
        return provenance(
            head,
            symmetry=symmetry,
            labels=labels,
            target=target,
            head_sha256=digest,
            dtype=plan.head_dtype,
        )

    def final_meta() -> dict[str, str]:
        return meta(hash_future.result())

    by_file: dict[Path, dict[str, Produced]] = {}
    tensor_file: dict[str, Path] = {}
    for name in plan.replace:
        f = _file_of(tensors, name)
        by_file.setdefault(f, {})[name] = plan.replace[name]
        tensor_file[name] = f
    adds_file = _file_of(tensors, plan.host_of_added) if plan.host_of_added else None
    if adds_file is not None:
        by_file.setdefault(adds_file, {})
    result = SaveResult(
        out,
        "file",
        plan.head_tensor,
        plan.head_dtype,
        plan.norm_dtype,
        plan.tie,
        [*plan.replace, *[p.name for p in plan.add]],
        input_max_abs_diff=input_err,
        notes=list(plan.notes),
    )
    if head.kind == "safetensors":
        src = head.path
        if set(by_file) - {src}:
            raise UsageError(f"the head's tensors are not all in {src}")
        if plan.untie_config:
            result.notes.append(
                "a single file has no config.json: load it with tie_word_embeddings=false"
            )
        with atomic_file(out, force=force) as tmp:
            write_safetensors(tmp, src, replace=by_file.get(src, {}), add=plan.add, metadata=meta(),
                              final_metadata=final_meta)
            os.chmod(tmp, _umask_mode(0o666))  # mkstemp makes 0600
            if before_commit is not None:
                before_commit()
        return result
    # folder (local or Hub snapshot)
    root = head.root or head.path
    result.layout = "folder"
    with atomic_dir(out, force=force, inputs=(root,)) as tmp:
        os.chmod(tmp, _umask_mode(0o777))  # mkdtemp makes 0700
        sizes: dict[str, int] = {}
        written: set[Path] = set()
        for f, repl in by_file.items():
            rel = f.relative_to(root) if _is_under(f, root) else Path(f.name)
            target_path = tmp / rel
            target_path.parent.mkdir(parents=True, exist_ok=True)
            add = plan.add if f == adds_file else []
            sizes[str(rel)] = sum(
                write_safetensors(target_path, f, replace=repl, add=add, metadata=meta(),
                                  final_metadata=final_meta).values()
            )
            written.add(rel)
        _copy_folder(root, tmp, written, result)
        _fix_index(tmp, plan, adds_file, root)
        if plan.untie_config:
            _untie_config(tmp, result)
        if before_commit is not None:
            before_commit()
    return result


def _is_under(p: Path, root: Path) -> bool:
    try:
        p.relative_to(root)
        return True
    except ValueError:
        return False


def _require_complete_folder(head: Head) -> None:
    """Every shard the index names must be on disk (a Hub snapshot may hold only the head's)."""
    root = Path(head.root or head.path)
    index = root / "model.safetensors.index.json"
    if not index.is_file():
        return
    weight_map = json.loads(index.read_text(encoding="utf-8")).get("weight_map", {})
    shards = sorted(set(weight_map.values()))
    missing = [s for s in shards if not (root / s).is_file()]
    if missing:
        raise InputError(
            f"cannot write a complete checkpoint: {len(missing)} shard(s) of {head.source} are not "
            f"on disk (e.g. {missing[0]}); only the files needed to read the head were fetched",
            hint="download the whole checkpoint first (hf download REPO) or use a local folder",
        )


def _tensor_map(head: Head) -> dict[str, SafetensorsTensor]:
    """Every tensor of the input checkpoint by name (headers only)."""
    files: list[Path] = []
    if head.kind == "safetensors":
        files = [Path(head.path)]
    else:
        root = Path(head.root or head.path)
        index = root / "model.safetensors.index.json"
        if index.is_file():
            shards = json.loads(index.read_text(encoding="utf-8")).get("weight_map", {}).values()
            files = [root / s for s in sorted(set(shards))]
        elif (root / "model.safetensors").is_file():
            files = [root / "model.safetensors"]
        else:
            files = sorted(root.glob("*.safetensors"))
    out: dict[str, SafetensorsTensor] = {}
    for f in files:
        for name, entry in read_safetensors_header(f).entries.items():
            out.setdefault(name, SafetensorsTensor(entry))
    return out


def _file_of(tensors: dict[str, SafetensorsTensor], name: str | None) -> Path:
    if name in tensors and tensors[name].file is not None:
        return Path(tensors[name].file)  # type: ignore[arg-type]
    raise UsageError(f"cannot tell which file holds tensor {name!r}")


def _copy_folder(root: Path, tmp: Path, written: set[Path], result: SaveResult) -> None:
    """Copy every other file of the checkpoint folder (weight files of other formats excepted)."""
    for src in sorted(root.rglob("*")):
        rel = src.relative_to(root)
        if any(part.startswith(".") for part in rel.parts):
            continue  # .cache, .git, … (not part of the checkpoint)
        if src.is_dir():
            continue
        if rel in written:
            continue
        if rel.name.endswith(".safetensors") or rel.name == "model.safetensors.index.json":
            dst = tmp / rel
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dst)  # untouched shard: byte-identical
            result.copied_files.append(str(rel))
            continue
        if rel.suffix.lower() in WEIGHT_SUFFIXES or rel.name.endswith(".bin.index.json"):
            result.skipped_files.append(str(rel))
            continue
        dst = tmp / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dst)
        result.copied_files.append(str(rel))
    if result.skipped_files:
        result.notes.append(
            "left out other weight files (they hold the original weights): "
            + ", ".join(result.skipped_files)
        )


def _fix_index(tmp: Path, plan: _Plan, adds_file: Path | None, root: Path) -> None:
    """Keep model.safetensors.index.json consistent: added tensors mapped, total_size recomputed."""
    index_path = tmp / "model.safetensors.index.json"
    if not index_path.is_file():
        return
    index = json.loads(index_path.read_text(encoding="utf-8"))
    weight_map: dict[str, str] = index.setdefault("weight_map", {})
    if adds_file is not None:
        rel = str(adds_file.relative_to(root)) if _is_under(adds_file, root) else adds_file.name
        for p in plan.add:
            weight_map[p.name] = rel
    total = 0
    for shard in sorted(set(weight_map.values())):
        hdr = read_safetensors_header(tmp / shard)
        total += sum(e.nbytes for e in hdr.entries.values())
        missing = [n for n, s in weight_map.items() if s == shard and n not in hdr.entries]
        if missing:
            raise OutputError(
                f"internal error: index names {missing[:3]} in {shard}, which lacks them"
            )
    metadata = index.setdefault("metadata", {})
    if not plan.add and metadata.get("total_size") == total:
        return  # nothing to change: the copied index stays byte-identical
    metadata["total_size"] = total
    index_path.unlink()
    index_path.write_text(json.dumps(index, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def _untie_config(tmp: Path, result: SaveResult) -> None:
    """Set tie_word_embeddings to false in config.json (and nested text configs)."""
    cfg_path = tmp / "config.json"
    if not cfg_path.is_file():
        result.notes.append("no config.json: load the result with tie_word_embeddings=false")
        return
    cfg = json.loads(cfg_path.read_text(encoding="utf-8"))
    cfg["tie_word_embeddings"] = False
    for key in ("text_config", "llm_config", "language_config"):
        if isinstance(cfg.get(key), dict):
            cfg[key]["tie_word_embeddings"] = False
    cfg_path.unlink()
    cfg_path.write_text(json.dumps(cfg, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def _save_numpy(
    head: Head,
    eq: Equivalent,
    out: Path,
    *,
    symmetry: str,
    labels: list[dict[str, Any]],
    target: float,
    dtype: str,
    force: bool,
    weight_f32: np.ndarray | None,
    produce_head_rows: HeadProducer | None = None,
    before_commit: Callable[[], None] | None = None,
) -> SaveResult:
    """.npy / .npz in → the same kind of file out (numpy files carry no metadata)."""
    src = Path(head.path)
    W = head.weight
    out_dtype = storage_dtype(dtype, W.dtype)
    if out_dtype == "bfloat16":
        raise UsageError("numpy files cannot hold bfloat16", hint="pass --dtype float32")
    if eq.symmetry == "rescale":
        raise UsageError("a numpy matrix has no final norm to rescale")
    rows = weight_f32 if weight_f32 is not None else W.read()
    if produce_head_rows is not None:
        new = np.empty(rows.shape, dtype=numpy_dtype(out_dtype))
        produce_head_rows(0, rows, new)
    else:
        new = np.asarray(eq.stored_rows(rows, out_dtype))
    result = SaveResult(
        out,
        "file",
        W.name,
        out_dtype,
        None,
        "none",
        [W.name],
        notes=["numpy files carry no metadata: provenance is in the report only"],
    )
    if src.suffix == ".npz":
        with np.load(src, allow_pickle=False) as npz:
            arrays = {k: npz[k] for k in npz.files}
        arrays[W.name] = new
        with atomic_file(out, force=force) as tmp:
            with open(tmp, "wb") as fh:
                np.savez(fh, **arrays)
            os.chmod(tmp, _umask_mode(0o666))
            if before_commit is not None:
                before_commit()
    else:
        with atomic_file(out, force=force) as tmp:
            with open(tmp, "wb") as fh:
                np.save(fh, new, allow_pickle=False)
            os.chmod(tmp, _umask_mode(0o666))
            if before_commit is not None:
                before_commit()
    return result
