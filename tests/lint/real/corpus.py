"""The real-world corpus for `cosaudit check`: hand-labelled files with the shapes of public code.

`load_manifest()` returns the manifest entries (sorted by id); `files(split=None)` returns the absolute
paths of the corpus files, optionally only those of one split ("dev" or "heldout"). `compute_split()`
recomputes the dev/heldout split from the labels alone (stratified, random.Random(2026) over sorted
ids), so a test can check that the recorded split is the deterministic one.

Held-out files are scored once, at the end; do not open them while developing the engine.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

ROOT = Path(__file__).resolve().parent
MANIFEST = ROOT / "manifest.json"
SEED = 2026
SPLITS = ("dev", "heldout")


def load_manifest() -> list[dict]:
    """The manifest entries, sorted by id."""
    entries = json.loads(MANIFEST.read_text(encoding="utf-8"))
    return sorted(entries, key=lambda e: e["id"])


def files(split: str | None = None) -> list[Path]:
    """Absolute paths of the corpus files (all, or one split), in manifest order."""
    if split is not None and split not in SPLITS:
        raise ValueError(f"unknown split {split!r}; expected one of {SPLITS}")
    return [ROOT / e["file"] for e in load_manifest() if split is None or e["split"] == split]


def labels(split: str | None = None) -> dict[Path, bool]:
    """Absolute path -> True for a positive file, False for a negative one."""
    chosen = [e for e in load_manifest() if split is None or e["split"] == split]
    return {ROOT / e["file"]: e["label"] == "positive" for e in chosen}


def compute_split(entries: list[dict]) -> dict[str, str]:
    """id -> "dev"/"heldout": per label, sorted ids shuffled by one Random(2026), first two thirds dev."""
    rng = random.Random(SEED)
    split = {}
    for label in ("negative", "positive"):
        ids = sorted(e["id"] for e in entries if e["label"] == label)
        rng.shuffle(ids)
        n_dev = round(len(ids) * 2 / 3)
        split.update({i: ("dev" if k < n_dev else "heldout") for k, i in enumerate(ids)})
    return split
