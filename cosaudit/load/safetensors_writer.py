"""Write one safetensors file: untouched tensors copied as byte ranges straight from the source
(`copy_file_range`, in the kernel), produced tensors written in large blocks with early writeback."""

from __future__ import annotations

import errno
import json
import os
import struct
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from cosaudit.errors import OutputError
from cosaudit.load.save_types import ST_DTYPES, Produced
from cosaudit.load.tensors import read_safetensors_header

_NO_COPY_RANGE = {
    errno.EXDEV,
    errno.ENOSYS,
    errno.EINVAL,
    errno.EOPNOTSUPP,
    errno.EBADF,
    errno.EPERM,
}

_sync_file_range: Any = False  # False: not looked up yet; None: unavailable


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


def umask_mode(mode: int) -> int:
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
    after it is asked for: `head_stream` keeps two in turn. Errors of the writes are raised here.
    """
    first = pos = os.lseek(fd, 0, os.SEEK_CUR)

    def put(data: memoryview, at: int) -> None:
        _write_all(fd, data)
        _start_writeback(fd, at, len(data))

    pending: Future[None] | None = None
    with ThreadPoolExecutor(1, thread_name_prefix="cosaudit-write") as pool:
        try:
            for blk in blocks:
                data = np.ascontiguousarray(blk).reshape(-1).view(np.uint8).data
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


Layout = list[tuple[str, str, tuple[int, ...], int, Any]]  # (name, dtype, shape, nbytes, source entry or Produced)


def _layout(entries: list[Any], replace: dict[str, Produced], add: list[Produced] | None) -> Layout:
    """Every tensor of the output in order: the source's (replaced ones produced), then the added."""
    plan: Layout = []
    for e in entries:
        if e.name in replace:
            p = replace[e.name]
            plan.append((e.name, ST_DTYPES[p.dtype], p.shape, p.nbytes, p))
        else:
            plan.append((e.name, e.dtype, e.shape, e.nbytes, e))
    for p in add or []:
        plan.append((p.name, ST_DTYPES[p.dtype], p.shape, p.nbytes, p))
    return plan


def _header(plan: Layout, metadata: dict[str, str]) -> tuple[bytes, int]:
    """The JSON header (padded to 8 bytes) and the size of the data that follows it."""
    header: dict[str, Any] = {"__metadata__": metadata} if metadata else {}
    offset = 0
    for name, dt, shape, nbytes, _ in plan:
        header[name] = {"dtype": dt, "shape": list(shape), "data_offsets": [offset, offset + nbytes]}
        offset += nbytes
    hb = json.dumps(header, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return hb + b" " * ((8 - len(hb) % 8) % 8), offset


def _write_data(fd: int, plan: Layout) -> None:
    for name, _dt, _shape, nbytes, what in plan:
        if isinstance(what, Produced):
            written = _write_blocks(fd, what.blocks())
            if written != nbytes:
                raise OutputError(f"internal error: tensor {name} produced {written} bytes, expected {nbytes}")
        else:
            _copy_range(what.file, what.begin, nbytes, fd)


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
    plan = _layout(entries, replace, add)
    base_meta = dict(header_in.metadata) if header_in else {}
    hb, offset = _header(plan, {**base_meta, **(metadata or {})})
    fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        _write_all(fd, struct.pack("<Q", len(hb)) + hb)
        _write_data(fd, plan)
        if final_metadata is not None:
            hb2, _ = _header(plan, {**base_meta, **final_metadata()})
            if len(hb2) != len(hb):
                raise OutputError("internal error: the final header changed length")
            os.pwrite(fd, hb2, 8)
        size = os.lseek(fd, 0, os.SEEK_CUR)
        if size != 8 + len(hb) + offset:
            raise OutputError(f"internal error: wrote {size} bytes to {out}, expected {8 + len(hb) + offset}")
        os.fsync(fd)
    finally:
        os.close(fd)
    return {name: nbytes for name, _dt, _shape, nbytes, _ in plan}
