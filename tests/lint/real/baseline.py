"""Score the cosaudit importable from PYTHONPATH on the real-world corpus and write a per-file record.

    PYTHONPATH=/work/main python tests/lint/real/baseline.py tests/lint/real/baseline-23e4c07.json

A file counts as flagged when it has at least one warning or error (info findings do not count).
Prints precision and recall on dev, heldout and all files. Only the scores are for reading: held-out
files are not to be opened while developing the engine.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from cosaudit.lint.engine import check_paths

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus  # noqa: E402

FLAGGING = {"warning", "error"}


def score(rows: list[dict]) -> dict:
    tp = sum(r["flagged"] and r["label"] == "positive" for r in rows)
    fp = sum(r["flagged"] and r["label"] == "negative" for r in rows)
    fn = sum(not r["flagged"] and r["label"] == "positive" for r in rows)
    return {
        "files": len(rows),
        "tp": tp,
        "fp": fp,
        "fn": fn,
        "precision": tp / (tp + fp) if tp + fp else None,
        "recall": tp / (tp + fn) if tp + fn else None,
    }


def run() -> dict:
    entries = corpus.load_manifest()
    result = check_paths([str(corpus.ROOT / e["file"]) for e in entries], cwd=corpus.ROOT)
    codes: dict[str, set[str]] = {e["file"]: set() for e in entries}
    info: dict[str, set[str]] = {e["file"]: set() for e in entries}
    for f in result.findings:
        (codes if f.severity.value in FLAGGING else info)[Path(f.path).as_posix()].add(f.code)
    rows = [
        {
            "id": e["id"],
            "file": e["file"],
            "label": e["label"],
            "split": e["split"],
            "flagged": bool(codes[e["file"]]),
            "codes": sorted(codes[e["file"]]),
            "info_codes": sorted(info[e["file"]]),
        }
        for e in entries
    ]
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        cwd=Path(sys.modules["cosaudit"].__file__).parent,
    ).stdout.strip()
    scores = {s: score([r for r in rows if s == "all" or r["split"] == s]) for s in ("dev", "heldout", "all")}
    return {"engine_commit": commit, "flagged_means": "at least one warning or error", "scores": scores, "files": rows}


def main(out: str) -> None:
    record = run()
    Path(out).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    for split, s in record["scores"].items():
        print(
            f"{split:8} files {s['files']:3}  tp {s['tp']:2} fp {s['fp']:2} fn {s['fn']:2}  "
            f"precision {s['precision']:.3f}  recall {s['recall']:.3f}"
        )


if __name__ == "__main__":
    main(sys.argv[1])
