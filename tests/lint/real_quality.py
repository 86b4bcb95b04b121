"""Scoring `cosaudit check` on the real-world corpus (tests/lint/real): shared by the test and
`benchmarks/check_quality.py`.

A file counts as flagged when it has a finding of severity warning or error. Each manifest entry
has `file` (relative to tests/lint/real), `label` (positive / negative) and `split` (dev /
heldout). Engines run in a subprocess (`python -m cosaudit check --format json`) with the
`cosaudit` package found on the PYTHONPATH given, so today's engine and an older one are scored
the same way on the same files.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REAL = Path(__file__).resolve().parent / "real"
MANIFEST = REAL / "manifest.json"
# the fresh held-out sets, each in its own manifest
EXTRA = {p.stem.removeprefix("manifest-"): p for p in REAL.glob("manifest-heldout[0-9]*.json")}


def entries(split: str | None = None) -> list[dict[str, Any]]:
    """Manifest entries (of one split), each with its absolute `path`; [] without a corpus.
    No split means round 1 (manifest.json); "heldout2", "heldout3", … read their own manifests."""
    manifest = EXTRA.get(split or "", MANIFEST)
    if not manifest.is_file():
        return []
    data = json.loads(manifest.read_text(encoding="utf-8"))
    rows = data["files"] if isinstance(data, dict) else data
    out = []
    for row in rows:
        if split is not None and row.get("split") != split:
            continue
        out.append({**row, "abs": str((REAL / row["file"]).resolve())})
    return out


def flagged(findings: list[dict[str, Any]]) -> set[str]:
    """Absolute paths of the files with a warning or an error (findings as in the JSON report)."""
    return {
        str(Path(f["path"]).resolve()) for f in findings if f["severity"] in ("warning", "error")
    }


def run_engine(pythonpath: Path, paths: list[str]) -> set[str]:
    """The flagged files among `paths`, by the `cosaudit` package under `pythonpath`, every file
    with default settings (an empty [tool.cosaudit.check])."""
    if not paths:
        return set()
    with tempfile.TemporaryDirectory() as tmp:
        cfg = Path(tmp) / "pyproject.toml"
        cfg.write_text("[tool.cosaudit.check]\n", encoding="utf-8")
        env = {k: v for k, v in os.environ.items() if k != "COSAUDIT_FORMAT"}
        env["PYTHONPATH"] = str(pythonpath)
        cmd = [sys.executable, "-m", "cosaudit", "check", "--format", "json", "--exit-zero"]
        # run from an empty folder: `python -m` would import a `cosaudit/` in the current folder
        # before the PYTHONPATH one
        proc = subprocess.run(
            [*cmd, "--config", str(cfg), *paths], env=env, cwd=tmp, capture_output=True, text=True, check=False
        )
        if proc.returncode != 0:
            raise RuntimeError(f"engine at {pythonpath} failed: {proc.stderr.strip()[-500:]}")
        findings = json.loads(proc.stdout)["findings"]
    return {str(Path(tmp, f["path"]).resolve()) for f in findings if f["severity"] in ("warning", "error")}


@dataclass
class Score:
    files: int
    positives: int
    tp: int
    fp: int
    fn: int

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0


def score(rows: list[dict[str, Any]], hits: set[str]) -> tuple[Score, list[str], list[str]]:
    """(the score, missed positives, false alarms) — the lists hold manifest `file` names."""
    missed = [r["file"] for r in rows if r["label"] == "positive" and r["abs"] not in hits]
    false = [r["file"] for r in rows if r["label"] == "negative" and r["abs"] in hits]
    pos = sum(1 for r in rows if r["label"] == "positive")
    return Score(len(rows), pos, pos - len(missed), len(false), len(missed)), missed, false
