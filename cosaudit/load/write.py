"""Write an equivalent model as a checkpoint that other tools load.

Folder in → folder out: every tensor byte-identical except the head (and the final norm for S,
the position embeddings for a kept tie); shards and the index kept consistent; tokenizer and
other small files copied; pickled weight files left out (they would hold the original weights).
File in → file out. Provenance goes into the safetensors `__metadata__`.

Untouched tensors are copied as byte ranges straight from the source file (`copy_file_range`),
changed ones are produced block by block (two worker threads), so memory stays bounded and a
1 GB checkpoint costs about one copy. Everything is written into a temporary file or folder
beside the target and renamed into place (`cosaudit.load.atomic`): a failure leaves nothing.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import shutil
import struct
import threading
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from cosaudit import __version__
from cosaudit.core.verify import Equivalent, numpy_dtype
from cosaudit.errors import InputError, OutputError, UsageError
from cosaudit.load.atomic import atomic_dir, atomic_file, check_output_path
from cosaudit.load.head import Head
from cosaudit.load.tensors import ITEMSIZE, SafetensorsTensor, read_safetensors_header

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


def _umask_mode(mode: int) -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mode & ~mask


def _write_all(fd: int, data: bytes | memoryview) -> None:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


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
                written = 0
                for blk in what.blocks():
                    data = memoryview(np.ascontiguousarray(blk).reshape(-1).view(np.uint8))
                    _write_all(fd, data)
                    written += len(data)
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
) -> _Plan:
    """Decide what to write for `eq` (see the module docstring for the rules)."""
    W = head.weight
    head_dtype = storage_dtype(dtype, W.dtype)
    notes: list[str] = []

    def head_blocks(
        reader: Any = W, src: np.ndarray | None = weight_f32
    ) -> Callable[[], Iterator[np.ndarray]]:
        def gen() -> Iterator[np.ndarray]:
            yield from _threaded(_row_blocks(reader, src), _StoredBlocks(eq, head_dtype))

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
) -> SaveResult:
    """Write the equivalent model `eq` of `head` to `out` (atomic). See the module docstring.

    `weight_f32`: the head already read (saves a read); `head_sha256`: a future of the source
    head's sha256 started earlier (`start_head_hash`), so that hashing overlaps other work.
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
        )
    if head.kind != "safetensors":
        _require_complete_folder(head)
    tensors = _tensor_map(head)
    plan = _plan(head, eq, dtype, weight_f32, tensors)
    # the source head's sha256 is computed on a thread (started by the caller, or here) while
    # the file is written; the header carries a placeholder of the same length, filled in last
    hash_future = head_sha256 if head_sha256 is not None else start_head_hash(head)
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
) -> SaveResult:
    """.npy / .npz in → the same kind of file out (numpy files carry no metadata)."""
    src = Path(head.path)
    W = head.weight
    out_dtype = storage_dtype(dtype, W.dtype)
    if out_dtype == "bfloat16":
        raise UsageError("numpy files cannot hold bfloat16", hint="pass --dtype float32")
    rows = weight_f32 if weight_f32 is not None else W.read()
    new = np.asarray(eq.stored_rows(rows, out_dtype))
    if eq.symmetry == "rescale":
        raise UsageError("a numpy matrix has no final norm to rescale")
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
    else:
        with atomic_file(out, force=force) as tmp:
            with open(tmp, "wb") as fh:
                np.save(fh, new, allow_pickle=False)
            os.chmod(tmp, _umask_mode(0o666))
    return result
