"""The real-world corpus for `cosaudit check`: hand-labelled files with the shapes of public code.

`load_manifest()` returns the manifest entries (sorted by id); `files(split=None)` returns the absolute
paths of the corpus files, optionally only those of one split ("dev" or "heldout"). `compute_split()`
recomputes the dev/heldout split from the labels alone (stratified, random.Random(2026) over sorted
ids), so a test can check that the recorded split is the deterministic one.

Fresh held-out sets live in their own manifests (`manifest-heldout2.json`, `manifest-heldout3.json`, …;
`load_heldout2()`, `load_extra(split)`): `files("heldout2")` / `labels("heldout3")` select them.
`files()` and `labels()` without a split still mean the 93 files of `manifest.json`, so the
dev/heldout figures do not change.

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
HELDOUT2 = "heldout2"
HELDOUT3 = "heldout3"
HELDOUT4 = "heldout4"
HELDOUT5 = "heldout5"


def _fresh_manifests() -> dict[str, Path]:
    """The fresh sets, each in its own `manifest-heldoutN.json`, in the order they were gathered
    (a new round is picked up by adding its manifest)."""
    found = {p.stem.removeprefix("manifest-"): p for p in ROOT.glob("manifest-heldout[0-9]*.json")}
    return dict(sorted(found.items(), key=lambda kv: int(kv[0].removeprefix("heldout"))))


EXTRA = _fresh_manifests()
MANIFEST_HELDOUT2 = EXTRA[HELDOUT2]


def load_manifest() -> list[dict]:
    """The manifest entries, sorted by id."""
    entries = json.loads(MANIFEST.read_text(encoding="utf-8"))
    return sorted(entries, key=lambda e: e["id"])


def load_extra(split: str) -> list[dict]:
    """The entries of a fresh held-out set ("heldout2", "heldout3", …: its own manifest), sorted by id."""
    entries = json.loads(EXTRA[split].read_text(encoding="utf-8"))
    return sorted(entries, key=lambda e: e["id"])


def load_heldout2() -> list[dict]:
    """The entries of the second held-out set (its own manifest), sorted by id."""
    return load_extra(HELDOUT2)


def _entries(split: str | None) -> list[dict]:
    if split in EXTRA:
        return load_extra(split)
    if split is not None and split not in SPLITS:
        raise ValueError(f"unknown split {split!r}; expected one of {SPLITS + tuple(EXTRA)}")
    return [e for e in load_manifest() if split is None or e["split"] == split]


def files(split: str | None = None) -> list[Path]:
    """Absolute paths of the corpus files (manifest.json, or one split, or a fresh set), in manifest order."""
    return [ROOT / e["file"] for e in _entries(split)]


def labels(split: str | None = None) -> dict[Path, bool]:
    """Absolute path -> True for a positive file, False for a negative one."""
    return {ROOT / e["file"]: e["label"] == "positive" for e in _entries(split)}


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
