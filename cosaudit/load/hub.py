"""A Hub repo id → a `Located` checkpoint whose weights are read by byte range.

One call to the revision API resolves the branch, tag or commit to a commit and lists the repo's
files; after that every URL is pinned to that commit. Small files (config, tokenizer, shard
index) are fetched whole; of a weight file only the safetensors header is fetched (two range
requests: the 8-byte length, then the JSON), then the byte range of each tensor when it is read.
Files already in the standard Hugging Face cache (`hf download`) are read from there; what was
fetched is kept in `hubcache`, so a second run and `HF_HUB_OFFLINE=1` need no network.

Hostile answers — a header length past the file or over the limit, a range answer of the wrong
length, an index naming files outside the repo — are one error each, and nothing of them is kept.
"""

from __future__ import annotations

import json
import struct
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cosaudit.errors import (
    CheckpointFormatError,
    CheckpointNotFoundError,
    CosauditError,
    HubError,
    HubResponseError,
    UnsafeFormatError,
)
from cosaudit.load.hubcache import (
    COMMIT,
    RangeCache,
    commit_known,
    hf_hub_cache,
    read_ref,
    repo_folder,
    safe_relative,
    write_ref,
)
from cosaudit.load.remote import (
    check_dns,
    get_bytes,
    get_range,
    get_whole,
    hub_endpoint,
    hub_http_error,
    hub_timeout,
    network_cause,
    offline,
    unreachable,
)
from cosaudit.load.source import INDEX_NAME, PICKLE_SUFFIXES, _inside
from cosaudit.load.tensors import (
    MAX_HEADER,
    SafetensorsEntry,
    SafetensorsHeader,
    SafetensorsTensor,
    check_header_length,
    parse_safetensors_header,
    read_safetensors_header,
)

SINGLE_NAME = "model.safetensors"
SMALL_LIMIT = 64 * 1024 * 1024  # config, tokenizer, index: refused when larger
OTHER_WEIGHTS = (".h5", ".msgpack", ".onnx", ".onnx_data", ".gguf", ".ot", ".tflite", ".pb", ".mlmodel")


class HubRepo:
    """One repo at one resolved commit: where each of its files can be read from."""

    def __init__(self, repo: str, revision: str | None):
        self.repo = repo
        self.revision = revision
        self.offline = offline()
        self.endpoint = hub_endpoint()
        self.siblings: set[str] | None = None  # the repo's files (known when online)
        self.commit = self._resolve_offline() if self.offline else self._resolve_online()
        self.cache = RangeCache(repo, self.commit)
        self.snapshot = hf_hub_cache() / repo_folder(repo) / "snapshots" / self.commit
        self._headers: dict[str, SafetensorsHeader] = {}
        self.weight_files: list[str] = []  # the safetensors files of the checkpoint (set by the locator)

    @property
    def where(self) -> str:
        return f"{self.repo}@{self.revision}" if self.revision else self.repo

    # --- which commit ---------------------------------------------------------------------

    def _resolve_online(self) -> str:
        from huggingface_hub import HfApi

        check_dns(self.endpoint, self.where, cached=read_ref(self.repo, self.revision or "main") is not None)
        try:
            info = HfApi(endpoint=self.endpoint).model_info(self.repo, revision=self.revision,
                                                            timeout=hub_timeout())
        except Exception as exc:  # noqa: BLE001 - mapped to one line, or re-raised as it is
            raise self.error(exc, "the revision API") from None
        sha = info.sha
        if not isinstance(sha, str) or not COMMIT.match(sha):
            raise HubResponseError(f"the Hub's revision API gave no commit hash for {self.where} ({sha!r})",
                                   hint="try again later, or pass --revision with a full commit hash")
        self.siblings = {s.rfilename for s in info.siblings or [] if isinstance(s.rfilename, str)}
        write_ref(self.repo, self.revision or "main", sha)
        return sha

    def _resolve_offline(self) -> str:
        rev = self.revision or "main"
        commit = rev if COMMIT.match(rev) else read_ref(self.repo, rev)
        if commit is None or not commit_known(self.repo, commit):
            raise CheckpointNotFoundError(
                f"{self.where} is not in the local Hugging Face cache (HF_HUB_OFFLINE is set)",
                where=str(hf_hub_cache()),
                hint="run once with network access (unset HF_HUB_OFFLINE), or give a local path",
            )
        return commit

    def error(self, exc: BaseException, what: str) -> Exception:
        """`exc` as one cosaudit error (network, HTTP status, invalid id), else as it is."""
        if isinstance(exc, CosauditError):
            return exc
        if network_cause(exc, hub_timeout()) is not None:
            return unreachable(exc, self.where, cached=read_ref(self.repo, self.revision or "main") is not None)
        mapped = hub_http_error(exc, self.repo, self.revision, what)
        if mapped is not None:
            return mapped
        from huggingface_hub.errors import HFValidationError, OfflineModeIsEnabled

        if isinstance(exc, HFValidationError):
            return HubError(f"invalid Hub repo id {self.repo!r}: {' '.join(str(exc).split())}",
                            hint="use name, org/name or org/name@revision")
        if isinstance(exc, OfflineModeIsEnabled):
            return HubError("huggingface_hub is in offline mode (HF_HUB_OFFLINE was set when it was imported)",
                            hint="unset HF_HUB_OFFLINE before starting, or use the cache with HF_HUB_OFFLINE=1")
        return exc  # type: ignore[return-value]

    # --- small whole files ------------------------------------------------------------------

    def local_file(self, name: str) -> Path | None:
        """The file in the standard Hugging Face cache (a snapshot symlink into blobs/)."""
        path = _inside(self.snapshot, name)
        return path if path.is_file() else None

    def can_have(self, name: str) -> bool:
        if self.siblings is not None:
            return name in self.siblings
        return (self.local_file(name) is not None or self.cache.file_path(name).is_file()
                or self.cache.size(name) is not None)

    def small_file(self, name: str, *, validate: Any = None) -> Path | None:
        """config.json, tokenizer.json, the index: from a cache, else fetched whole (None if absent)."""
        for path in (self.local_file(name), self.cache.file_path(name)):
            if path is not None and path.is_file():
                if validate is not None:
                    validate(path.read_bytes())
                return path
        if self.offline or not self.can_have(name):
            return None
        from huggingface_hub import hf_hub_url

        url = hf_hub_url(self.repo, name, revision=self.commit, endpoint=self.endpoint)
        try:
            data = get_whole(url, f"{name} of {self.where}", SMALL_LIMIT)
        except Exception as exc:  # noqa: BLE001
            raise self.error(exc, name) from None
        if validate is not None:
            validate(data)
        return self.cache.put(self.cache.file_path(name), data)

    # --- weight files, by range ---------------------------------------------------------------

    def _url(self, name: str) -> str:
        from huggingface_hub import hf_hub_url

        return hf_hub_url(self.repo, name, revision=self.commit, endpoint=self.endpoint)

    def _need_network(self, what: str) -> None:
        if self.offline:
            raise CheckpointNotFoundError(
                f"{what} of {self.repo}@{self.commit[:12]} is not in the local cache and HF_HUB_OFFLINE is set",
                where=str(self.cache.base),
                hint="run once with network access (unset HF_HUB_OFFLINE), or give a local path",
            )

    def header(self, name: str) -> SafetensorsHeader:
        """The validated safetensors header of a weight file (cached, else two range requests)."""
        if name in self._headers:
            return self._headers[name]
        where = f"{name} of {self.repo}@{self.commit[:12]}"
        size = self.cache.size(name)
        raw = self.cache.read(self.cache.size_path(name).with_name("header")) if size else None
        if raw is None or len(raw) < 8 or len(raw) != 8 + struct.unpack("<Q", raw[:8])[0]:
            self._need_network(name)
            raw, size = self._fetch_header(name, where)
        assert size is not None
        header = parse_safetensors_header(raw[8:], size, self.cache.base / "ranges" / name, where)
        self._headers[name] = header
        return header

    def _fetch_header(self, name: str, where: str) -> tuple[bytes, int]:
        url = self._url(name)
        try:
            first, size = get_bytes(url, 0, 8, where)
            if size < 8:
                raise HubResponseError(f"the Hub gave an impossible size {size} for {where}", hint="try again later")
            (n,) = struct.unpack("<Q", first)
            check_header_length(n, b"{", size, where)  # before asking for n bytes
            rest, size2 = get_bytes(url, 8, 8 + n, where)
        except Exception as exc:  # noqa: BLE001
            raise self.error(exc, name) from None
        if size2 != size:
            raise HubResponseError(f"{where} changed size between two requests ({size} → {size2})",
                                   hint="nothing was kept; try again")
        raw = first + rest
        parse_safetensors_header(rest, size, Path(name), where)  # validate before keeping anything
        self.cache.put(self.cache.size_path(name), str(size).encode())
        self.cache.put(self.cache.size_path(name).with_name("header"), raw)
        return raw, size

    def fetch_range(self, name: str, start: int, stop: int, progress: Any = None) -> Path:
        """Bytes [start, stop) of a weight file, as a cache entry (fetched once); `progress(n)`
        hears of the bytes as they arrive."""
        path = self.cache.range_path(name, start, stop)
        if self.cache.has(path, stop - start):
            return path
        if stop == start:
            return self.cache.put(path, b"")
        self._need_network(f"bytes {start}-{stop} of {name}")
        size = self.cache.size(name)
        where = f"{name} of {self.repo}@{self.commit[:12]}"

        def produce(sink: Any) -> None:
            total = get_range(self._url(name), start, stop, where, sink, progress=progress)
            if size is not None and total not in (size, -1):
                raise HubResponseError(f"{where} changed size ({size} → {total} bytes)",
                                       hint="nothing was kept; try again")

        try:
            return self.cache.fill(path, stop - start, produce)
        except Exception as exc:  # noqa: BLE001
            raise self.error(exc, name) from None

    def readers(self, name: str) -> dict[str, Any]:
        """TensorReaders of every tensor of a weight file (its bytes are read when asked)."""
        local = self.local_file(name)
        if local is not None:
            return {n: SafetensorsTensor(e) for n, e in read_safetensors_header(local).entries.items()}
        return {n: RemoteTensor(self, name, e) for n, e in self.header(name).entries.items()}

    def tensor_cached(self, shard: str, tensor: str) -> bool:
        """Whether `tensor` of `shard` can be read with no network."""
        if self.local_file(shard) is not None:
            return True
        if self.cache.size(shard) is None:
            return False  # the header was never fetched (asking the network is not "cached")
        try:
            entry = self.header(shard)
        except CosauditError:
            return False
        if tensor not in entry.entries:
            return False
        e = entry.entries[tensor]
        return self.cache.has(self.cache.range_path(shard, e.begin, e.end), e.nbytes)

    # --- checks ---------------------------------------------------------------------------------

    def check_index(self, data: bytes) -> dict[str, Any]:
        """The shard index, refused when it names a file outside the repo (before it is kept)."""
        try:
            index = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise CheckpointFormatError(f"shard index {INDEX_NAME} of {self.where} is not valid JSON ({exc})",
                                        hint="repair or re-download the file") from None
        if not isinstance(index, dict) or not isinstance(index.get("weight_map"), dict):
            raise CheckpointFormatError(f"shard index {INDEX_NAME} of {self.where} has no weight_map",
                                        hint="repair the index file")
        for shard in sorted({str(s) for s in index["weight_map"].values()}):
            safe_relative(shard, what=f"shard index of {self.where}")
            if self.siblings is not None and shard not in self.siblings:
                raise CheckpointFormatError(
                    f"shard index of {self.where} names {shard!r}, which is not a file of the repo",
                    hint="refusing to read outside the checkpoint; fix model.safetensors.index.json",
                )
        return index

    def refuse_no_weights(self) -> None:
        """No index and no model.safetensors: say why (pickles only, nothing, not cached)."""
        names = self.siblings if self.siblings is not None else (
            {p.name for p in self.snapshot.iterdir()} if self.snapshot.is_dir() else set())
        pickles = sorted(n for n in names if n.lower().endswith(PICKLE_SUFFIXES))
        if pickles:
            raise UnsafeFormatError(
                f"Hub repo {self.where} has only pickle weights ({pickles[0]}); "
                "cosaudit never unpickles (it can run arbitrary code)",
                hint="look for a safetensors conversion (--revision refs/pr/N), or convert it yourself "
                "and give the folder",
            )
        if self.offline:
            raise CheckpointNotFoundError(
                f"{self.where} is not in the local Hugging Face cache (HF_HUB_OFFLINE is set)",
                where=str(hf_hub_cache()),
                hint="run once with network access (unset HF_HUB_OFFLINE), or give a local path",
            )
        raise HubError(f"Hub repo {self.where} has no safetensors weights (no {SINGLE_NAME} or {INDEX_NAME})",
                       hint="cosaudit reads safetensors only; pickle weights are refused")

    # --- the whole checkpoint, for writing ------------------------------------------------

    def files_to_download(self) -> list[str]:
        names = self.siblings or set()
        return sorted(n for n in names if not n.lower().endswith(PICKLE_SUFFIXES + OTHER_WEIGHTS))

    def download_all(self, say: Callable[[str], None] | None = None) -> Path:
        """Every file but pickles and other formats' weights, into the standard HF cache
        (`say` hears first what is downloaded); offline, the cache is all there is."""
        if self.offline:
            absent = [n for n in self.weight_files if self.local_file(n) is None]
            if absent:
                raise CheckpointNotFoundError(
                    f"--save needs the whole checkpoint, and {len(absent)} weight file(s) of {self.repo}@"
                    f"{self.commit[:12]} are not in the Hugging Face cache (e.g. {absent[0]}); HF_HUB_OFFLINE is set",
                    where=str(hf_hub_cache()),
                    hint=f"run once with network access, or `hf download {self.repo} --revision {self.commit}`",
                )
            return self.snapshot
        from huggingface_hub import hf_hub_download

        missing = [n for n in self.files_to_download() if self.local_file(n) is None]
        if missing and say is not None:
            say(f"--save needs the whole checkpoint: downloading {len(missing)} file(s) of {self.repo}@"
                f"{self.commit[:12]} into the Hugging Face cache ({hf_hub_cache()})")
        for name in missing:
            try:
                hf_hub_download(self.repo, name, revision=self.commit, cache_dir=hf_hub_cache(),
                                endpoint=self.endpoint, etag_timeout=hub_timeout())
            except Exception as exc:  # noqa: BLE001
                raise self.error(exc, name) from None
        return self.snapshot


class RemoteTensor:
    """A tensor of a Hub weight file, read by one range request when first read (TensorReader)."""

    def __init__(self, hub: HubRepo, shard: str, entry: SafetensorsEntry):
        self._hub = hub
        self.shard = shard
        self.name = entry.name
        self.dtype = entry.dtype
        self.shape = entry.shape
        self.begin, self.end = entry.begin, entry.end
        self.file: Path | None = hub.cache.range_path(shard, entry.begin, entry.end)
        self._reader: SafetensorsTensor | None = None

    def __repr__(self) -> str:
        return f"RemoteTensor({self.name!r}, {self.dtype}, {list(self.shape)}, {self.shard} [{self.begin}:{self.end}])"

    @property
    def nbytes(self) -> int:
        return self.end - self.begin

    def in_cache(self) -> bool:
        return self._hub.cache.has(self.file, self.nbytes)  # type: ignore[arg-type]

    def prefetch(self, progress: Any = None) -> None:
        """Fetch the bytes now (`progress(n)` hears of them), so that a bar can show it."""
        self._local(progress)

    def _local(self, progress: Any = None) -> SafetensorsTensor:
        if self._reader is None:
            path = self._hub.fetch_range(self.shard, self.begin, self.end, progress)
            entry = SafetensorsEntry(self.name, self.dtype, self.shape, 0, self.nbytes, path)
            self._reader = SafetensorsTensor(entry)
        return self._reader

    def read(self, on_block: Any = None) -> Any:
        return self._local().read(on_block)

    def read_rows(self, start: int, stop: int) -> Any:
        return self._local().read_rows(start, stop)

    def read_raw(self) -> bytes:
        return self._local().read_raw()

    def iter_blocks(self, block_rows: int | None = None):  # type: ignore[no-untyped-def]
        return self._local().iter_blocks(block_rows)


def transfer_facts(hub: HubRepo, weight: Any, bias: Any) -> dict[str, Any] | None:
    """Bytes of the head's shard that the head needs (header, head, a bias beside it) vs its size."""
    if not isinstance(weight, RemoteTensor):
        return None
    header = hub.header(weight.shard)
    needed = 8 + header.header_len + weight.nbytes
    if isinstance(bias, RemoteTensor) and bias.shard == weight.shard:
        needed += bias.nbytes
    return {"shard": weight.shard, "shard_bytes": header.file_size, "fetched_bytes": needed,
            "by_range": True, "commit": hub.commit}


def _mib(n: int) -> str:
    return f"{n:,} bytes" if n < 2**20 else f"{n / 2**20:,.1f} MiB"


def transfer_note(hub: HubRepo, weight: Any) -> str | None:
    """One line: the head's bytes against its shard's size, fetched by range or from the cache."""
    facts = transfer_facts(hub, weight, None)
    if facts is None:
        return None
    how = "from the cache" if weight.in_cache() else "by HTTP range requests"
    return (f"{hub.repo}@{hub.commit[:12]}: reading the header and the head ({_mib(facts['fetched_bytes'])}) of "
            f"the {_mib(facts['shard_bytes'])} shard {facts['shard']} {how}")


__all__ = ["HubRepo", "RemoteTensor", "transfer_facts", "INDEX_NAME", "SINGLE_NAME", "MAX_HEADER"]
