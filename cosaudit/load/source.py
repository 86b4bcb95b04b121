"""CHECKPOINT → local files: a .safetensors file, an HF-layout folder, a Hub repo id, a numpy
array, or the default (COSAUDIT_CHECKPOINT, `[tool.cosaudit] checkpoint`, the bundled demo).

The result is a `Located` checkpoint: its config, tokenizer file, and a lazy reader for every
tensor it holds. Shard indexes are validated: a shard outside the checkpoint's folder is refused.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from cosaudit.errors import (
    CheckpointFormatError,
    CheckpointNotFoundError,
    ConfigError,
    HubError,
    UnsafeFormatError,
)
from cosaudit.load.tensors import (
    SafetensorsTensor,
    json_file,
    load_numpy_tensors,
    read_safetensors_header,
)

PICKLE_SUFFIXES = (".bin", ".pt", ".pth", ".pkl", ".pickle", ".ckpt")
INDEX_NAME = "model.safetensors.index.json"
REPO_ID = re.compile(r"^[A-Za-z0-9][\w.-]*/[\w.-]+(@[\w./-]+)?$")
DEMO_NAME = "demo-lm"


@dataclass
class Located:
    """A checkpoint found on disk (or in the Hub cache), with lazy tensor access."""

    source: str
    kind: str  # "safetensors" | "folder" | "hub" | "numpy"
    path: Path
    root: Path | None = None
    revision: str | None = None
    config: dict[str, Any] = field(default_factory=dict)
    tokenizer: Path | None = None
    tensors: dict[str, Any] = field(default_factory=dict)  # name -> TensorReader
    shapes: dict[str, tuple[int, ...] | None] = field(default_factory=dict)
    index: dict[str, Any] | None = None
    default_note: str | None = None
    fetch: Callable[[str], None] | None = None  # Hub: download the shard that holds a tensor
    shard_of: dict[str, str] | None = None  # Hub: tensor name -> shard file (from the index)
    cached: Callable[[str], bool] | None = None  # Hub: is the shard holding a tensor in the cache?


def demo_path() -> Path:
    """The bundled demo model (it ships inside the package)."""
    return Path(__file__).resolve().parent.parent / "data" / DEMO_NAME


def default_checkpoint(cwd: Path | None = None) -> tuple[str, str]:
    """(checkpoint, how it was chosen) when the user named none."""
    env = os.environ.get("COSAUDIT_CHECKPOINT", "").strip()
    if env:
        return env, "COSAUDIT_CHECKPOINT"
    pyproject = (cwd or Path.cwd()) / "pyproject.toml"
    if pyproject.is_file():
        import tomllib

        try:
            data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise ConfigError(f"{pyproject} is not valid TOML: {exc}", hint="fix the file") from None
        value = data.get("tool", {}).get("cosaudit", {}).get("checkpoint")
        if value is not None:
            if not isinstance(value, str) or not value.strip():
                raise ConfigError(
                    f"[tool.cosaudit] checkpoint in {pyproject} must be a non-empty string",
                    hint="set it to a path or a Hub repo id",
                )
            p = Path(value)
            if not p.is_absolute() and not REPO_ID.match(value):
                value = str(pyproject.parent / p)
            elif not p.is_absolute() and (pyproject.parent / p).exists():
                value = str(pyproject.parent / p)
            return value, f"[tool.cosaudit] checkpoint in {pyproject}"
    return str(demo_path()), "the bundled demo model"


def default_checkpoint_note() -> tuple[str, str]:
    """(checkpoint, the note that says it was chosen because none was given)."""
    checkpoint, how = default_checkpoint()
    return checkpoint, f"no CHECKPOINT given: using {checkpoint} ({how})"


def locate(checkpoint: str | None, *, revision: str | None = None) -> Located:
    """Find a checkpoint and describe its files and tensors (reads headers, not weights)."""
    note = None
    if checkpoint is None or checkpoint == "":
        checkpoint, note = default_checkpoint_note()
    path = Path(checkpoint).expanduser()
    if path.exists():
        loc = _locate_path(path, checkpoint)
    elif REPO_ID.match(checkpoint) and not checkpoint.startswith((".", "/")) and not _looks_like_file(checkpoint):
        loc = _locate_hub(checkpoint, revision)
    else:
        raise CheckpointNotFoundError(
            f"no such file or folder: {checkpoint}",
            hint="give a .safetensors file, a model folder, a .npy/.npz file, or a Hub id org/name",
        )
    loc.default_note = note
    return loc


def _looks_like_file(spec: str) -> bool:
    return spec.rsplit("@", 1)[0].endswith((".safetensors", ".npy", ".npz", *PICKLE_SUFFIXES))


def _refuse_pickle(path: Path) -> None:
    raise UnsafeFormatError(
        f"{path} is a pickle checkpoint; cosaudit never unpickles (it can run arbitrary code)",
        hint="convert it to safetensors (e.g. save_pretrained(..., safe_serialization=True)) "
        "or numpy, then pass that",
    )


def _locate_path(path: Path, source: str) -> Located:
    if path.is_dir():
        return _locate_folder(path, source, kind="folder")
    suffix = path.suffix.lower()
    if suffix in PICKLE_SUFFIXES:
        _refuse_pickle(path)
    if suffix in (".npy", ".npz"):
        arrays = load_numpy_tensors(path)
        return Located(source, "numpy", path, tensors=dict(arrays),
                       shapes={k: v.shape for k, v in arrays.items()})
    if suffix == ".json" and path.name == INDEX_NAME:
        return _locate_folder(path.parent, source, kind="folder")
    loc = Located(source, "safetensors", path)
    _add_safetensors_file(loc, path)
    # a lone file inside an HF folder still gets that folder's config and tokenizer
    _read_side_files(loc, path.parent, optional_config=True)
    return loc


def _add_safetensors_file(loc: Located, path: Path) -> None:
    try:
        header = read_safetensors_header(path)
    except IsADirectoryError:
        raise CheckpointFormatError(f"{path} is a folder, not a file") from None
    for name, entry in header.entries.items():
        loc.tensors[name] = SafetensorsTensor(entry)
        loc.shapes[name] = entry.shape


def _read_side_files(loc: Located, folder: Path, *, optional_config: bool) -> None:
    cfg = folder / "config.json"
    if cfg.is_file():
        data = json_file(cfg, "config")
        if not isinstance(data, dict):
            raise CheckpointFormatError(f"config {cfg} is not a JSON object", hint="repair the file")
        loc.config = data
    elif not optional_config:
        loc.config = {}
    tok = folder / "tokenizer.json"
    if tok.is_file():
        loc.tokenizer = tok


def _inside(folder: Path, name: str) -> Path:
    """`folder/name`, refusing names that escape the folder (absolute, `..`, symlinks out).

    In the Hugging Face cache a snapshot's files are symlinks into the repo's `blobs/` folder:
    those are inside the checkpoint; any other symlink that leads out of the folder is refused.
    """
    def refuse() -> CheckpointFormatError:
        return CheckpointFormatError(
            f"shard index in {folder} names a file outside the checkpoint folder: {name!r}",
            hint="refusing to read outside the checkpoint; fix model.safetensors.index.json",
        )

    parts = PurePosixPath(name.replace("\\", "/")).parts
    if not name or Path(name).is_absolute() or name.startswith(("/", "\\")) or ".." in parts:
        raise refuse()
    candidate = folder / name
    roots = [folder.resolve()]
    if folder.parent.name == "snapshots":
        roots.append((folder.parent.parent / "blobs").resolve())
    if candidate.exists() or candidate.is_symlink():
        real = candidate.resolve()
        if not any(root in real.parents for root in roots):
            raise refuse()
    return candidate


def _read_index(folder: Path) -> dict[str, Any]:
    index = json_file(folder / INDEX_NAME, "shard index")
    if not isinstance(index, dict) or not isinstance(index.get("weight_map"), dict):
        raise CheckpointFormatError(
            f"shard index {folder / INDEX_NAME} has no weight_map", hint="repair the index file"
        )
    return index


def _locate_folder(folder: Path, source: str, *, kind: str) -> Located:
    loc = Located(source, kind, folder, root=folder)
    _read_side_files(loc, folder, optional_config=True)
    if (folder / INDEX_NAME).is_file():
        loc.index = _read_index(folder)
        shards = sorted(set(loc.index["weight_map"].values()))
        for shard in shards:
            shard_path = _inside(folder, str(shard))
            if not shard_path.is_file():
                raise CheckpointFormatError(
                    f"shard {shard} named by {folder / INDEX_NAME} is missing",
                    hint="download the missing shard or repair the index",
                )
            _add_safetensors_file(loc, shard_path)
        return loc
    files = sorted(folder.glob("*.safetensors"))
    if (folder / "model.safetensors").is_file():
        files = [folder / "model.safetensors"]
    if files:
        for f in files:
            _add_safetensors_file(loc, f)
        return loc
    arrays = sorted([*folder.glob("*.npy"), *folder.glob("*.npz")])
    if arrays:
        for f in arrays:
            for name, t in load_numpy_tensors(f).items():
                loc.tensors[name] = t
                loc.shapes[name] = t.shape
        loc.kind = "numpy" if kind == "folder" else kind
        return loc
    pickles = [p for p in folder.iterdir() if p.suffix.lower() in PICKLE_SUFFIXES]
    if pickles:
        _refuse_pickle(pickles[0])
    raise CheckpointFormatError(
        f"{folder} holds no .safetensors, {INDEX_NAME} or .npy/.npz file",
        hint="point at a folder in Hugging Face layout or at the weight file itself",
    )


# --- Hugging Face Hub -------------------------------------------------------------------------


def _hub_cache_dir() -> Path:
    if os.environ.get("HF_HUB_CACHE"):
        return Path(os.environ["HF_HUB_CACHE"])
    if os.environ.get("HUGGINGFACE_HUB_CACHE"):
        return Path(os.environ["HUGGINGFACE_HUB_CACHE"])
    home = os.environ.get("HF_HOME") or os.path.join(
        os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "huggingface"
    )
    return Path(home) / "hub"


def _offline() -> bool:
    return os.environ.get("HF_HUB_OFFLINE", "").strip().lower() in ("1", "true", "yes", "on")


def _download(repo: str, filename: str, revision: str | None, *, required: bool) -> Path | None:
    """One file of a Hub repo into the standard cache (or from it, offline)."""
    from huggingface_hub import errors as hub_errors
    from huggingface_hub import hf_hub_download

    offline = _offline()
    try:
        return Path(
            hf_hub_download(repo, filename, revision=revision, cache_dir=_hub_cache_dir(),
                            local_files_only=offline)
        )
    except hub_errors.LocalEntryNotFoundError:
        if not required:
            return None
        where = f"{repo}@{revision}" if revision else repo
        if offline:
            raise CheckpointNotFoundError(
                f"{filename} of {where} is not in the local Hugging Face cache and HF_HUB_OFFLINE is set",
                where=str(_hub_cache_dir()),
                hint="download it once with network access (or unset HF_HUB_OFFLINE)",
            ) from None
        raise HubError(
            f"could not download {filename} of {where} (no network?)",
            hint="check the connection, or set HF_HUB_OFFLINE=1 to use the cache",
        ) from None
    except (hub_errors.EntryNotFoundError, hub_errors.RemoteEntryNotFoundError):
        if not required:
            return None
        raise HubError(f"{repo} has no file {filename}", hint="check the repo id and revision") from None
    except hub_errors.RevisionNotFoundError:
        raise HubError(f"{repo} has no revision {revision!r}", hint="check the branch, tag or commit") from None
    except (hub_errors.RepositoryNotFoundError, hub_errors.GatedRepoError) as exc:
        raise HubError(
            f"Hub repo {repo} not found or not accessible ({type(exc).__name__})",
            hint="check the id; for gated or private repos log in with `hf auth login`",
        ) from None
    except hub_errors.HFValidationError as exc:
        raise HubError(f"invalid Hub repo id {repo!r}: {exc}", hint="use org/name[@revision]") from None


def _snapshot_commit(path: Path) -> str | None:
    """The commit hash of a file inside the HF cache layout (`snapshots/<commit>/…`)."""
    parts = path.parts
    if "snapshots" in parts:
        i = parts.index("snapshots")
        if i + 1 < len(parts):
            return parts[i + 1]
    return None


def _locate_hub(spec: str, revision: str | None) -> Located:
    repo, _, rev = spec.partition("@")
    revision = revision or rev or None
    config_path = _download(repo, "config.json", revision, required=False)
    index_path = _download(repo, INDEX_NAME, revision, required=False)
    single = None if index_path else _download(repo, "model.safetensors", revision, required=False)
    if index_path is None and single is None:
        for pickle_name in ("pytorch_model.bin", "model.pt"):
            if _download(repo, pickle_name, revision, required=False):
                _refuse_pickle(Path(pickle_name))
        where = f"{repo}@{revision}" if revision else repo
        if _offline():
            raise CheckpointNotFoundError(
                f"{where} is not in the local Hugging Face cache (HF_HUB_OFFLINE is set)",
                where=str(_hub_cache_dir()),
                hint="download it once with network access, or unset HF_HUB_OFFLINE",
            )
        raise HubError(f"{where} has no model.safetensors or {INDEX_NAME}",
                       hint="cosaudit reads safetensors checkpoints only")
    anchor = index_path or single or config_path
    assert anchor is not None
    snapshot = anchor.parent
    loc = Located(spec, "hub", snapshot, root=snapshot, revision=_snapshot_commit(anchor))
    if config_path is not None:
        _read_side_files(loc, config_path.parent, optional_config=True)
    tok = _download(repo, "tokenizer.json", revision, required=False)
    loc.tokenizer = tok
    if single is not None:
        _add_safetensors_file(loc, single)
        return loc
    loc.index = _read_index(snapshot)
    weight_map: dict[str, str] = loc.index["weight_map"]
    for shard in set(weight_map.values()):
        _inside(snapshot, str(shard))
    loaded: set[str] = set()

    def fetch(name: str) -> None:
        shard = weight_map.get(name)
        if shard is None or shard in loaded:
            return
        path = _download(repo, shard, revision, required=True)
        assert path is not None
        loaded.add(shard)
        _add_safetensors_file(loc, path)

    def cached(name: str) -> bool:
        """Whether the shard holding `name` is in the local cache (no download, no network)."""
        from huggingface_hub import try_to_load_from_cache

        shard = weight_map.get(name)
        if shard is None:
            return False
        found = try_to_load_from_cache(repo, shard, cache_dir=_hub_cache_dir(), revision=revision)
        return isinstance(found, str)

    loc.fetch = fetch
    loc.cached = cached
    loc.shard_of = dict(weight_map)
    for name in weight_map:
        loc.shapes.setdefault(name, None)  # known by name; shape once its shard is fetched
    return loc


class ShardTensor:
    """A tensor of a Hub shard not fetched yet: the shard is fetched on first use.

    Only the shard that holds the head is fetched up front (issue 2); companions in other shards
    (final norm, position embeddings, a bias) cost nothing until a command reads them.
    """

    def __init__(self, name: str, loc: Located):
        self.name = name
        self._loc = loc
        self.shard = (loc.shard_of or {}).get(name)

    def __repr__(self) -> str:
        return f"ShardTensor({self.name!r}, shard {self.shard!r}, not fetched)"

    def _real(self) -> Any:
        if self._loc.fetch is not None:
            self._loc.fetch(self.name)
        real = self._loc.tensors.get(self.name)
        if real is None or real is self:
            raise CheckpointFormatError(
                f"shard {self.shard} of {self._loc.source} does not hold tensor {self.name!r} "
                "named by its index",
                hint="repair model.safetensors.index.json or re-download the checkpoint",
            )
        return real

    @property
    def fetched(self) -> bool:
        return self.name in self._loc.tensors

    def in_cache(self) -> bool:
        """Whether its shard is in the local Hub cache (readable offline)."""
        return self.fetched or (self._loc.cached is not None and self._loc.cached(self.name))

    @property
    def shape(self) -> tuple[int, ...]:
        return self._real().shape  # type: ignore[no-any-return]

    @property
    def dtype(self) -> str:
        return self._real().dtype  # type: ignore[no-any-return]

    @property
    def file(self) -> Path | None:
        return self._real().file  # type: ignore[no-any-return]

    def read(self, on_block: Any = None) -> Any:
        real = self._real()
        return real.read(on_block) if on_block is not None else real.read()

    def read_rows(self, start: int, stop: int) -> Any:
        return self._real().read_rows(start, stop)

    def read_raw(self) -> bytes:
        return self._real().read_raw()  # type: ignore[no-any-return]

    def iter_blocks(self, block_rows: int | None = None):  # type: ignore[no-untyped-def]
        return self._real().iter_blocks(block_rows)


def reader(loc: Located, name: str) -> Any:
    """The TensorReader of `name`: loaded already, or lazy (a Hub shard not fetched yet)."""
    if name in loc.tensors:
        return loc.tensors[name]
    if loc.fetch is not None and name in loc.shapes:
        return ShardTensor(name, loc)
    raise KeyError(name)
