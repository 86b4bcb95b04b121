"""benchmarks/score_real_originals.py: per-file precision and recall of the checker on a round's originals."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "score_real_originals.py"

POSITIVE = """import torch.nn.functional as F
W = model.lm_head.weight
sim = F.cosine_similarity(W[3], W[7], dim=0)
"""
NEGATIVE = """logits = resid @ model.W_U
"""


def _entry(i: str, label: str) -> dict:
    return {"id": i, "label": label, "repo": f"someone/{i}"}


def test_scores_each_original_and_names_the_misses(tmp_path: Path) -> None:
    orig = tmp_path / "orig"
    orig.mkdir()
    (orig / "pos.py").write_text(POSITIVE)
    (orig / "neg.py").write_text(NEGATIVE)
    (orig / "missed.py").write_text(NEGATIVE)  # labelled positive below: a miss
    (orig / "notes.txt").write_text("not in the manifest: ignored")
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps([_entry("pos", "positive"), _entry("neg", "negative"),
                                    _entry("missed", "positive")]))
    flags = tmp_path / "flags.json"
    out = subprocess.run([sys.executable, str(SCRIPT), str(manifest), str(orig), str(flags)],
                         capture_output=True, text=True, check=True).stdout
    assert "files 3 (2 positive, 3 repos)  tp 1 fp 0 fn 1  precision 1.000 recall 0.500" in out
    assert any(line.split()[:2] == ["MISS", "missed"] for line in out.splitlines())
    assert json.loads(flags.read_text())["pos"] == ["COS101"]


def test_refuses_a_round_with_missing_originals(tmp_path: Path) -> None:
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps([_entry("gone", "positive")]))
    run = subprocess.run([sys.executable, str(SCRIPT), str(manifest), str(tmp_path)], capture_output=True, text=True)
    assert run.returncode == 1 and "originals missing for: ['gone']" in run.stderr
