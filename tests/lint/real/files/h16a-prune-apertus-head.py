# cosaudit corpus, synthetic file: same shape as swiss-ai/prune-apertus-lm-head/convert.py at 35ade2afd7d75f14e9e3edc8a054d967f2cf4bde (licence NOASSERTION); new code, no text copied.
"""Cut the non-text token rows out of a checkpoint's output projection (input table untouched)."""
from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

from safetensors import safe_open
from safetensors.torch import save_file

TEXT_VOCAB_END = 131_072          # ids at or above this are image / audio / omni tokens
HEAD_KEY = "lm_head.weight"
INDEX = "model.safetensors.index.json"


def locate_head(ckpt: Path):
    index = json.loads((ckpt / INDEX).read_text())
    config = json.loads((ckpt / "config.json").read_text())
    shard = ckpt / index["weight_map"][HEAD_KEY]
    with safe_open(shard, framework="pt", device="cpu") as f:
        rows, cols = f.get_slice(HEAD_KEY).get_shape()
    if rows <= TEXT_VOCAB_END:
        raise ValueError(f"{HEAD_KEY} has only {rows} rows; nothing to remove")
    if config.get("vocab_size") != rows:
        raise ValueError("vocab_size in config.json disagrees with the head")
    return index, config, shard


def rewrite_head_shard(src: Path, dst: Path) -> None:
    kept = {}
    with safe_open(src, framework="pt", device="cpu") as f:
        meta = f.metadata()
        for key in f.keys():
            t = f.get_tensor(key)
            if key == HEAD_KEY:
                t = t[:TEXT_VOCAB_END].contiguous()
            kept[key] = t
    save_file(kept, dst, metadata=meta)


def convert(src: Path, out: Path) -> None:
    index, config, head_shard = locate_head(src)
    tmp = out.with_name(out.name + ".partial")
    tmp.mkdir(parents=True)
    try:
        for item in src.iterdir():
            target = tmp / item.name
            if item == head_shard:
                rewrite_head_shard(item, target)
            elif item.is_file() and item.name not in ("config.json",):
                shutil.copy2(item, target)
        config["output_vocab_size"] = TEXT_VOCAB_END
        (tmp / "config.json").write_text(json.dumps(config, indent=2) + "\n")
        tmp.replace(out)
    except Exception:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("source", type=Path)
    ap.add_argument("output", type=Path)
    a = ap.parse_args()
    try:
        convert(a.source, a.output)
    except (OSError, ValueError) as err:
        print(f"error: {err}", file=sys.stderr)
        sys.exit(1)
