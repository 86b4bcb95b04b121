"""What was read from the Hub, kept on disk: keyed by repo, commit, file and byte range.

Layout (under COSAUDIT_CACHE, else `$HF_HOME/cosaudit`, beside the Hugging Face cache):

    hub/models--org--name/refs/<revision>                    the commit a branch/tag resolved to
    hub/models--org--name/<commit>/files/<path>              small whole files (config, index)
    hub/models--org--name/<commit>/ranges/<path>/<a>-<b>     bytes [a, b) of a weight file
    hub/models--org--name/<commit>/ranges/<path>/size        that file's size in bytes

Every entry is written to a temporary file beside it and renamed into place once its length
was checked, so a reader sees a whole entry or none; a reader checks the length again.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path, PurePosixPath
from typing import IO

from cosaudit.errors import CheckpointFormatError

COMMIT = re.compile(r"^[0-9a-f]{40}$")


def hf_home() -> Path:
    home = os.environ.get("HF_HOME") or os.path.join(
        os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "huggingface"
    )
    return Path(home)


def hf_hub_cache() -> Path:
    """The standard Hugging Face hub cache, as huggingface_hub would pick it now."""
    for var in ("HF_HUB_CACHE", "HUGGINGFACE_HUB_CACHE"):
        if os.environ.get(var):
            return Path(os.environ[var])
    return hf_home() / "hub"


def cosaudit_cache() -> Path:
    env = os.environ.get("COSAUDIT_CACHE", "").strip()
    return (Path(env).expanduser() if env else hf_home() / "cosaudit") / "hub"


def repo_folder(repo: str) -> str:
    return "models--" + repo.replace("/", "--")


def safe_relative(name: str, *, what: str) -> PurePosixPath:
    """A repo file name as a relative path that stays inside (no `..`, not absolute)."""
    parts = PurePosixPath(name).parts
    if (not name or "\\" in name or "\x00" in name or name.startswith("/") or ".." in parts
            or any(p in ("", ".") for p in name.split("/"))):
        raise CheckpointFormatError(
            f"{what} names a file outside the checkpoint folder: {name!r}",
            hint="refusing to read outside the checkpoint; fix model.safetensors.index.json",
        )
    return PurePosixPath(name)


class RangeCache:
    """The cache entries of one repo at one commit."""

    def __init__(self, repo: str, commit: str, root: Path | None = None):
        self.repo = repo
        self.commit = commit
        self.repo_dir = (root or cosaudit_cache()) / repo_folder(repo)
        self.base = self.repo_dir / commit

    def file_path(self, name: str) -> Path:
        return self.base / "files" / safe_relative(name, what=f"{self.repo}")

    def range_path(self, name: str, start: int, stop: int) -> Path:
        return self.base / "ranges" / safe_relative(name, what=f"{self.repo}") / f"{start}-{stop}"

    def size_path(self, name: str) -> Path:
        return self.base / "ranges" / safe_relative(name, what=f"{self.repo}") / "size"

    def read(self, path: Path, length: int | None = None) -> bytes | None:
        """An entry's bytes, or None when absent or of the wrong length (then it is ignored)."""
        try:
            data = path.read_bytes()
        except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
            return None
        return data if length is None or len(data) == length else None

    def has(self, path: Path, length: int) -> bool:
        try:
            return path.is_file() and path.stat().st_size == length
        except OSError:
            return False

    def size(self, name: str) -> int | None:
        raw = self.read(self.size_path(name))
        try:
            return int(raw.decode()) if raw else None
        except ValueError:
            return None

    def put(self, path: Path, data: bytes) -> Path:
        with self.writing(path) as fh:
            fh.write(data)
        return path

    @contextlib.contextmanager
    def writing(self, path: Path, length: int | None = None) -> Iterator[IO[bytes]]:
        """Write an entry atomically; with `length`, an entry of another length is dropped."""
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as fh:
                yield fh
            if length is not None and os.path.getsize(tmp) != length:
                raise CheckpointFormatError(f"cache entry {path} has the wrong length", hint="try again")
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
            raise

    def fill(self, path: Path, length: int, produce: Callable[[Callable[[bytes], None]], object]) -> Path:
        """Stream `length` bytes from `produce(sink)` into the entry `path` (kept only if whole)."""
        with self.writing(path, length) as fh:
            def sink(data: bytes) -> None:
                fh.write(data)

            produce(sink)
        return path

    # --- refs: revision name -> commit --------------------------------------------------------

    def ref_path(self, revision: str) -> Path:
        return self.repo_dir / "refs" / safe_relative(revision, what="revision")


def read_ref(repo: str, revision: str) -> str | None:
    """The commit `revision` resolved to last time (our cache, then the Hugging Face cache)."""
    for root in (cosaudit_cache() / repo_folder(repo), hf_hub_cache() / repo_folder(repo)):
        try:
            ref = root / "refs" / safe_relative(revision, what="revision")
            commit = ref.read_text().strip()
        except (OSError, CheckpointFormatError, UnicodeDecodeError):
            continue
        if COMMIT.match(commit):
            return commit
    return None


def write_ref(repo: str, revision: str, commit: str) -> None:
    cache = RangeCache(repo, commit)
    with contextlib.suppress(OSError, CheckpointFormatError):
        cache.put(cache.ref_path(revision), commit.encode())


def commit_known(repo: str, commit: str) -> bool:
    """Whether anything of `repo` at `commit` is cached (ours or a Hugging Face snapshot)."""
    return ((cosaudit_cache() / repo_folder(repo) / commit).is_dir()
            or (hf_hub_cache() / repo_folder(repo) / "snapshots" / commit).is_dir())
