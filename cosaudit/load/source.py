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
    cached: Callable[[str], bool] | None = None  # Hub: can a tensor be read with no network?
    hub: Any = None  # Hub: the cosaudit.load.hub.HubRepo (resolved commit, caches)
    complete: Callable[..., Path] | None = None  # Hub: download the whole checkpoint (for --save)
    notes: list[str] = field(default_factory=list)  # said on stderr (e.g. which of two meanings)


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
            if not p.is_absolute() and ((pyproject.parent / p).exists() or not looks_like_hub_id(value)):
                value = str(pyproject.parent / p)
            return value, f"[tool.cosaudit] checkpoint in {pyproject}"
    return str(demo_path()), "the bundled demo model"


def default_checkpoint_note() -> tuple[str, str]:
    """(checkpoint, the note that says it was chosen because none was given)."""
    checkpoint, how = default_checkpoint()
    return checkpoint, f"no CHECKPOINT given: using {checkpoint} ({how})"


def locate(checkpoint: str | None, *, revision: str | None = None) -> Located:
    """Find a checkpoint and describe its files and tensors (reads headers, not weights).

    A local path always wins; a name that is no local path and looks like a Hub id (`gpt2`,
    `org/name`, `org/name@rev`) is looked up on the Hub; `hf://…` means the Hub in any case.
    """
    note = None
    if checkpoint is None or checkpoint == "":
        checkpoint, note = default_checkpoint_note()
    notes: list[str] = []
    path = Path(checkpoint).expanduser()
    if checkpoint.startswith(HF_PREFIX):
        loc = _locate_hub(checkpoint[len(HF_PREFIX):], revision)
        loc.source = checkpoint[len(HF_PREFIX):]
    elif path.exists():
        loc = _locate_path(path, checkpoint)
        if _ambiguous(checkpoint):
            what = "folder" if path.is_dir() else "file"
            notes.append(f"{checkpoint} is a local {what} and could be a Hub id: using the local {what} "
                         f"(write hf://{checkpoint} for the Hub repo)")
    elif looks_like_hub_id(checkpoint):
        loc = _locate_hub_or_say(checkpoint, revision)
    else:
        raise CheckpointNotFoundError(
            f"no such file or folder: {checkpoint}",
            hint="give a .safetensors file, a model folder, a .npy/.npz file, or a Hub id (name, org/name)",
        )
    loc.default_note = note
    loc.notes = notes + loc.notes
    return loc


HF_PREFIX = "hf://"
HUB_ID = re.compile(r"^(?:[A-Za-z0-9][\w.-]*/)?[A-Za-z0-9][\w.-]*(?:@[\w./-]+)?$")
NOT_HUB_SUFFIXES = (".json", ".txt", ".toml", ".yaml", ".yml", ".py", ".md", ".csv", ".ipynb")


def looks_like_hub_id(spec: str) -> bool:
    """`gpt2`, `bert-base-uncased`, `org/name`, `org/name@rev` — not a file name or a path."""
    name = spec.split("@", 1)[0]
    return (bool(HUB_ID.match(spec)) and len(name) <= 96 and "--" not in name and ".." not in name
            and not name.endswith((".", "-")) and not _looks_like_file(spec)
            and not name.lower().endswith(NOT_HUB_SUFFIXES))


def _ambiguous(spec: str) -> bool:
    """A local path that is also a plausible Hub id: a bare name (`gpt2`), or `org/name` when
    that repo is in a local cache (so `fixtures/demo-lm` stays quiet)."""
    if not looks_like_hub_id(spec) or spec.startswith(("~", ".")):
        return False
    if "/" not in spec.split("@", 1)[0]:
        return True
    from cosaudit.load.hubcache import cosaudit_cache, hf_hub_cache, repo_folder

    folder = repo_folder(spec.split("@", 1)[0])
    return (hf_hub_cache() / folder).is_dir() or (cosaudit_cache() / folder).is_dir()


def _locate_hub_or_say(spec: str, revision: str | None) -> Located:
    """The Hub, for a name that is no local path; a miss says both (no path, no repo)."""
    try:
        return _locate_hub(spec, revision)
    except CheckpointNotFoundError as exc:
        raise CheckpointNotFoundError(f"no such file or folder: {spec}, and {exc.message}", where=exc.where,
                                      hint=exc.hint) from None


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


def _offline() -> bool:
    from cosaudit.load.remote import offline

    return offline()


def _locate_hub(spec: str, revision: str | None) -> Located:
    """A Hub repo: config, tokenizer and index fetched whole; weights by range, when read."""
    from cosaudit.load.hub import SINGLE_NAME, HubRepo

    repo, _, rev = spec.partition("@")
    hub = HubRepo(repo, revision or rev or None)
    config_path = hub.small_file("config.json")
    index_path = hub.small_file(INDEX_NAME, validate=hub.check_index)
    if index_path is None and not hub.can_have(SINGLE_NAME):
        hub.refuse_no_weights()
    loc = Located(spec, "hub", hub.snapshot, root=hub.snapshot, revision=hub.commit, hub=hub)
    if config_path is not None:
        data = json_file(config_path, "config")
        if not isinstance(data, dict):
            raise CheckpointFormatError(f"config.json of {spec} is not a JSON object", hint="repair the file")
        loc.config = data
    loc.tokenizer = hub.small_file("tokenizer.json")
    loc.complete = hub.download_all
    if index_path is None:
        hub.weight_files = [SINGLE_NAME]
        _add_readers(loc, hub.readers(SINGLE_NAME))
        return loc
    loc.index = hub.check_index(index_path.read_bytes())
    weight_map: dict[str, str] = {str(k): str(v) for k, v in loc.index["weight_map"].items()}
    hub.weight_files = sorted(set(weight_map.values()))
    loaded: set[str] = set()

    def fetch(name: str) -> None:
        shard = weight_map.get(name)
        if shard is None or shard in loaded:
            return
        _add_readers(loc, hub.readers(shard))  # the shard's header only
        loaded.add(shard)

    def cached(name: str) -> bool:
        """Whether `name` can be read from a local cache (no network)."""
        shard = weight_map.get(name)
        return shard is not None and hub.tensor_cached(shard, name)

    loc.fetch = fetch
    loc.cached = cached
    loc.shard_of = dict(weight_map)
    for name in weight_map:
        loc.shapes.setdefault(name, None)  # known by name; shape once its shard's header is read
    return loc


def _add_readers(loc: Located, readers: dict[str, Any]) -> None:
    for name, r in readers.items():
        loc.tensors[name] = r
        loc.shapes[name] = r.shape


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
