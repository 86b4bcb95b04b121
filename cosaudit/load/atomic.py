"""Write outputs so that nothing is lost: a temporary file in the target folder, then a rename.

A failed write (full disk, permission, interrupt) leaves neither a half-written file nor a
temporary one behind, and an existing path is replaced only with `force`.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

from cosaudit.errors import OutputError


def check_output_path(path: Path, *, force: bool, inputs: tuple[Path, ...] = ()) -> Path:
    """Refuse an output path that we must not write; return it resolved."""
    path = Path(path)
    resolved = path.expanduser().resolve()
    if is_special(resolved):
        return resolved  # /dev/null, /dev/stdout: written in place, nothing replaced
    for inp in inputs:
        inp = Path(inp).resolve()
        if resolved == inp or (inp.is_dir() and inp in resolved.parents):
            raise OutputError(
                f"refusing to write {path} inside the input checkpoint {inp}",
                hint="choose a path outside the input (inputs are never modified)",
            )
        if resolved.is_dir() and resolved in inp.parents and force:
            raise OutputError(
                f"refusing to replace {path}: it contains the input checkpoint {inp}",
                hint="choose another output path",
            )
    parent = resolved.parent
    if not parent.is_dir():
        raise OutputError(
            f"output folder {path.parent} does not exist", hint="create it first, or choose another path"
        )
    if not os.access(parent, os.W_OK):
        raise OutputError(f"output folder {path.parent} is not writable", hint="choose another path")
    if resolved.exists() and not force:
        raise OutputError(f"{path} already exists", hint="pass --force to overwrite it")
    return resolved


def is_special(path: Path) -> bool:
    """A device, FIFO or socket (/dev/null, /dev/stdout, a pipe): written in place, never
    renamed over — replacing /dev/null with a regular file would break the machine."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def _default_mode(*, folder: bool = False) -> int:
    """The permissions a plain `open()` / `mkdir()` would give (mkstemp's 0600 would surprise)."""
    umask = os.umask(0)
    os.umask(umask)
    return (0o777 if folder else 0o666) & ~umask


def _refuse_special(path: Path) -> None:
    if is_special(Path(path)):
        raise OutputError(f"refusing to replace the special file {path}",
                          hint="write to a regular file or folder path")


def write_bytes_atomic(path: Path, data: bytes, *, force: bool = False) -> None:
    """Write `data` to `path` atomically (temporary file + rename); special files in place."""
    if is_special(Path(path)):
        with open(path, "wb") as fh:
            fh.write(data)
        return
    path = check_output_path(path, force=force)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, _default_mode())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def write_text_atomic(path: Path, text: str, *, force: bool = False) -> None:
    write_bytes_atomic(path, text.encode("utf-8"), force=force)


@contextlib.contextmanager
def atomic_file(path: Path, *, force: bool = False) -> Iterator[Path]:
    """Yield a temporary path beside `path`; rename it into place when the block succeeds."""
    _refuse_special(path)
    path = check_output_path(path, force=force)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        yield Path(tmp)
        os.chmod(tmp, _default_mode())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


@contextlib.contextmanager
def atomic_dir(path: Path, *, force: bool = False, inputs: tuple[Path, ...] = ()) -> Iterator[Path]:
    """Yield a temporary folder beside `path`; move it into place when the block succeeds.

    With `force`, an existing `path` is replaced only after the new folder is complete.
    """
    _refuse_special(path)
    path = check_output_path(path, force=force, inputs=inputs)
    tmp = Path(tempfile.mkdtemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent))
    os.chmod(tmp, _default_mode(folder=True))
    try:
        yield tmp
        if path.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{path.name}.", suffix=".old", dir=path.parent))
            os.rmdir(old)
            os.replace(path, old)
            os.replace(tmp, path)
            if old.is_dir():
                shutil.rmtree(old, ignore_errors=True)
            else:
                old.unlink()
        else:
            os.replace(tmp, path)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def replace_text_atomic(path: Path, text: str) -> None:
    """Rewrite an existing file in place, atomically: a temporary file beside it with the same
    permissions, then a rename — the file is either all old or all new, never half-written."""
    path = Path(path)
    mode = stat.S_IMODE(os.stat(path).st_mode)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
