"""Where reports go on disk: never over a file of the input, and several files all or nothing.

- `refuse_input_as_output`: an output path must never replace a file of the checkpoint read;
- `write_file_set`: a Markdown report and its figures folder beside it, all or nothing;
- `write_folder`: a new folder of files (the `paper` figures and summary), all or nothing.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from pathlib import Path

from cosaudit.errors import OutputError
from cosaudit.load.atomic import atomic_dir, check_output_path
from cosaudit.load.head import Head


def refuse_input_as_output(output: Path | None, head: Head) -> None:
    """`--output` must never replace a file of the checkpoint being read (even with --force)."""
    if output is None:
        return
    target = Path(output).expanduser().resolve()
    files = {Path(head.path).resolve()}
    weight_file = getattr(head.weight, "file", None)
    if head.kind != "hub" and weight_file is not None:
        files.add(Path(weight_file).resolve())
        # a lone weight file reads the config and tokenizer beside it
        side = Path(weight_file).parent
        files |= {(side / n).resolve() for n in ("config.json", "tokenizer.json")}
    if head.root is not None:
        files |= {p.resolve() for p in Path(head.root).iterdir() if p.is_file()}
    if target in files:
        raise OutputError(
            f"refusing to write {output}: it is a file of the input checkpoint",
            hint="choose another output path (inputs are never modified)",
        )


def write_file_set(main: Path, text: str, files: dict[str, bytes], *, force: bool = False) -> None:
    """Write `main` and `files` (relative to main's folder, all in ONE subfolder), all or nothing.

    Everything is written into a temporary folder beside `main`; then the figures folder and
    finally `main` are renamed into place. On any failure the temporary folder is removed and an
    existing figures folder (replaced under --force) is put back.
    """
    target = check_output_path(main, force=force)
    parent = target.parent
    tops = {Path(rel).parts[0] for rel in files}
    if len(tops) > 1:
        raise ValueError(f"the figures must share one folder, got {sorted(tops)}")
    for rel in files:
        p = Path(rel)
        if p.is_absolute() or ".." in p.parts or len(p.parts) < 2:
            raise ValueError(f"figure path {rel!r} must be a file inside one relative folder")
    folder = parent / tops.pop() if tops else None
    if folder is not None and (folder.exists() or folder.is_symlink()) and not force:
        raise OutputError(f"{folder} already exists", hint="pass --force to overwrite it")
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=parent))
    old: Path | None = None
    moved_folder = False
    try:
        for rel, data in files.items():
            dest = tmp / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            with open(dest, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
        tmp_main = tmp / target.name
        with open(tmp_main, "wb") as fh:
            fh.write((text if text.endswith("\n") else text + "\n").encode("utf-8"))
            fh.flush()
            os.fsync(fh.fileno())
        if folder is not None:
            if folder.exists() or folder.is_symlink():
                old = tmp / ".previous"
                os.replace(folder, old)
            os.replace(tmp / folder.name, folder)
            moved_folder = True
        os.replace(tmp_main, target)
    except BaseException:
        if moved_folder and folder is not None:
            shutil.rmtree(folder, ignore_errors=True)
        if old is not None and folder is not None and not folder.exists():
            with contextlib.suppress(OSError):
                os.replace(old, folder)
        raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def write_folder(folder: Path, files: dict[str, bytes], *, force: bool = False) -> None:
    """Write a new folder holding `files` ({name: bytes}), all or nothing (replaced with `force`)."""
    with atomic_dir(folder, force=force) as tmp:
        for name, data in files.items():
            (tmp / name).write_bytes(data)
