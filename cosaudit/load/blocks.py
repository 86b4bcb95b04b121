"""The head read in blocks on a read-ahead thread (hashing its raw bytes as it goes), and the
equivalent's rows produced from them into a ring of reused buffers."""

from __future__ import annotations

import hashlib
import os
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import numpy as np

from cosaudit.core.equivalent import Equivalent
from cosaudit.core.rounding import numpy_dtype
from cosaudit.errors import InputError
from cosaudit.load.head import Head
from cosaudit.load.save_types import BLOCK_ELEMS, SUB_ELEMS
from cosaudit.load.tensors import (
    BLOCK_BYTES,
    FLOAT_DTYPES,
    ITEMSIZE,
    SafetensorsTensor,
    convert_into,
)

NATIVE: dict[str, Any] = {"F32": "float32", "F64": "float64", "F16": "float16", "BF16": "bfloat16"}



def row_blocks(reader: Any, source: np.ndarray | None) -> Iterator[np.ndarray]:
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


def threaded(
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


class StoredBlocks:
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


class HeadHash:
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
            self._h.update(data.data)
            self._next += data.nbytes
            entry = getattr(self.reader, "entry", None)
            if entry is not None and self._next == entry.nbytes:
                self.digest = self._h.hexdigest()

    def result(self) -> str:
        if self.future is not None:
            return self.future.result()
        if self.digest is None:
            self.digest = sha256_of(self.reader)
        return self.digest


def iter_head_blocks(
    reader: Any, *, hasher: HeadHash | None = None
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
        got = os.preadv(fd, [raw.data], e.begin + a * row_bytes)
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


def head_stream(
    reader: Any,
    eq: Equivalent,
    dtype: str,
    produce: HeadProducer | None,
    hasher: HeadHash | None,
) -> Iterator[np.ndarray]:
    """The stored rows of the head, block by block, from one read of the source.

    Each block's stored rows are computed once into a reused output buffer, by `produce(start,
    source rows, out)` when given (the caller computes and verifies them in the same pass —
    `core.stream_verifier.StreamVerifier` with `emit`), else by `StoredBlocks` — and handed to the writer.
    """
    stored = StoredBlocks(eq, dtype)
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


def start_head_hash(head: Head) -> Future[str]:
    """Start hashing the source head's bytes on a thread; the future gives the hex sha256."""
    fut: Future[str] = Future()

    def run() -> None:
        try:
            fut.set_result(sha256_of(head.weight))
        except BaseException as exc:  # noqa: BLE001 - handed to whoever waits
            fut.set_exception(exc)

    threading.Thread(target=run, name="cosaudit-sha256", daemon=True).start()
    return fut


def sha256_of(reader: Any) -> str:
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
