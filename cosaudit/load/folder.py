"""A model folder written as a whole: complete shards, small files copied, the shard index and
the config kept consistent with what was replaced or added."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from cosaudit.errors import InputError, OutputError, UsageError
from cosaudit.load.head import Head
from cosaudit.load.save_plan import SavePlan
from cosaudit.load.save_types import WEIGHT_SUFFIXES, SaveResult
from cosaudit.load.tensors import (
    SafetensorsTensor,
    read_safetensors_header,
)


def is_under(p: Path, root: Path) -> bool:
    try:
        p.relative_to(root)
        return True
    except ValueError:
        return False


def require_complete_folder(head: Head) -> None:
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


def tensor_map(head: Head) -> dict[str, SafetensorsTensor]:
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


def file_of(tensors: dict[str, SafetensorsTensor], name: str | None) -> Path:
    if name in tensors and tensors[name].file is not None:
        return Path(tensors[name].file)  # type: ignore[arg-type]
    raise UsageError(f"cannot tell which file holds tensor {name!r}")


def copy_folder(root: Path, tmp: Path, written: set[Path], result: SaveResult) -> None:
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


def fix_index(tmp: Path, plan: SavePlan, adds_file: Path | None, root: Path) -> None:
    """Keep model.safetensors.index.json consistent: added tensors mapped, total_size recomputed."""
    index_path = tmp / "model.safetensors.index.json"
    if not index_path.is_file():
        return
    index = json.loads(index_path.read_text(encoding="utf-8"))
    weight_map: dict[str, str] = index.setdefault("weight_map", {})
    if adds_file is not None:
        rel = str(adds_file.relative_to(root)) if is_under(adds_file, root) else adds_file.name
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


def untie_config(tmp: Path, result: SaveResult) -> None:
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
