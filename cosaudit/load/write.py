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

The parts: `save_types` (dtypes, produced tensors, the result), `blocks` (the head read and
produced in blocks), `safetensors_writer` (one file), `save_plan` (what is replaced or added),
`folder` (a model folder as a whole); this module puts them together (`save_equivalent`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from cosaudit import __version__
from cosaudit.core.equivalent import Equivalent
from cosaudit.core.rounding import numpy_dtype
from cosaudit.errors import UsageError
from cosaudit.load.atomic import atomic_dir, atomic_file, check_output_path
from cosaudit.load.blocks import HeadHash, HeadProducer
from cosaudit.load.folder import (
    copy_folder,
    file_of,
    fix_index,
    is_under,
    require_complete_folder,
    tensor_map,
    untie_config,
)
from cosaudit.load.head import Head
from cosaudit.load.safetensors_writer import umask_mode, write_safetensors
from cosaudit.load.save_plan import kept_tie_input_error, plan_save
from cosaudit.load.save_types import Produced, SaveResult, storage_dtype
from cosaudit.load.tensors import SafetensorsTensor


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
        require_complete_folder(head)
    tensors = tensor_map(head)
    found = tensors.get(head.weight.name)
    src_reader: Any = found if isinstance(found, SafetensorsTensor) else head.weight
    # the sha256 of the source head: from the bytes read for the transform (or a future given);
    # the header carries a placeholder of the same length, filled in last
    hash_future = HeadHash(src_reader, head_sha256)
    plan = plan_save(head, eq, dtype, weight_f32, tensors, produce_head_rows, hash_future)
    input_err = kept_tie_input_error(eq, plan) if plan.kept is not None else None

    def meta(digest: str = "0" * 64) -> dict[str, str]:
        return provenance(head, symmetry=symmetry, labels=labels, target=target, head_sha256=digest,
                          dtype=plan.head_dtype)

    def card(folder: Path) -> None:  # a folder's model card says what this model is (issue 14)
        from cosaudit.load.card import write_model_card

        write_model_card(folder, head, symmetry=symmetry, labels=labels, target=target, dtype=plan.head_dtype,
                         head_sha256=hash_future.result(), eq=eq)

    job = _Job(meta, lambda: meta(hash_future.result()), *_by_file(tensors, plan), force, before_commit, card)
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
        _write_file(head, plan, out, job, result)
    else:  # folder (local or Hub snapshot)
        _write_folder(head, plan, out, job, result)
    return result


@dataclass(frozen=True)
class _Job:
    """How every output file of one save is written."""

    meta: Callable[[], dict[str, str]]  # the header's metadata (a placeholder hash of the same length)
    final_meta: Callable[[], dict[str, str]]  # … with the source head's sha256, filled in last
    by_file: dict[Path, dict[str, Produced]]  # source file → the tensors it gets replaced
    adds_file: Path | None  # the source file whose copy receives the added tensors
    force: bool
    before_commit: Callable[[], None] | None
    card: Callable[[Path], None] | None = None  # writes the model card into an output folder


def _by_file(tensors: dict[str, SafetensorsTensor], plan: Any) -> tuple[dict[Path, dict[str, Produced]], Path | None]:
    by_file: dict[Path, dict[str, Produced]] = {}
    for name in plan.replace:
        by_file.setdefault(file_of(tensors, name), {})[name] = plan.replace[name]
    adds_file = file_of(tensors, plan.host_of_added) if plan.host_of_added else None
    if adds_file is not None:
        by_file.setdefault(adds_file, {})
    return by_file, adds_file


def _write_file(head: Head, plan: Any, out: Path, job: _Job, result: SaveResult) -> None:
    """A single safetensors file in, a single file out."""
    src = head.path
    if set(job.by_file) - {src}:
        raise UsageError(f"the head's tensors are not all in {src}")
    if plan.untie_config:
        result.notes.append("a single file has no config.json: load it with tie_word_embeddings=false")
    with atomic_file(out, force=job.force) as tmp:
        write_safetensors(tmp, src, replace=job.by_file.get(src, {}), add=plan.add, metadata=job.meta(),
                          final_metadata=job.final_meta)
        os.chmod(tmp, umask_mode(0o666))  # mkstemp makes 0600
        if job.before_commit is not None:
            job.before_commit()


def _write_folder(head: Head, plan: Any, out: Path, job: _Job, result: SaveResult) -> None:
    """A folder in, a folder out: changed shards rewritten, the rest copied, index and config fixed."""
    root = head.root or head.path
    result.layout = "folder"
    with atomic_dir(out, force=job.force, inputs=(root,)) as tmp:
        os.chmod(tmp, umask_mode(0o777))  # mkdtemp makes 0700
        written: set[Path] = set()
        for f, repl in job.by_file.items():
            rel = f.relative_to(root) if is_under(f, root) else Path(f.name)
            target_path = tmp / rel
            target_path.parent.mkdir(parents=True, exist_ok=True)
            add = plan.add if f == job.adds_file else []
            write_safetensors(target_path, f, replace=repl, add=add, metadata=job.meta(),
                              final_metadata=job.final_meta)
            written.add(rel)
        copy_folder(root, tmp, written, result)
        fix_index(tmp, plan, job.adds_file, root)
        if plan.untie_config:
            untie_config(tmp, result)
        if job.card is not None:
            job.card(tmp)
        if job.before_commit is not None:
            job.before_commit()


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
            os.chmod(tmp, umask_mode(0o666))
            if before_commit is not None:
                before_commit()
    else:
        with atomic_file(out, force=force) as tmp:
            with open(tmp, "wb") as fh:
                np.save(fh, new, allow_pickle=False)
            os.chmod(tmp, umask_mode(0o666))
            if before_commit is not None:
                before_commit()
    return result
