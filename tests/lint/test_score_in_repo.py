"""benchmarks/score_in_repo.py: each labelled original checked inside its repository's snapshot, so the
modules it imports are read as `cosaudit check .` in that repository would read them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "score_in_repo.py"

HELPER = """def summarise(W):
    Wn = W / W.norm(dim=1, keepdim=True)
    return Wn @ Wn.T
"""
CALLER = """from helpers import summarise
table = summarise(model.fc.weight)
"""


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True)


def _snapshot(mirrors: Path, name: str, files: dict[str, str]) -> None:
    """A repository's snapshot where `fetch` leaves it: `owner+name/repo`, one commit."""
    repo = mirrors / name.replace("/", "+") / "repo"
    repo.mkdir(parents=True)
    _git(repo, "init", "-q")
    for path, text in files.items():
        (repo / path).parent.mkdir(parents=True, exist_ok=True)
        (repo / path).write_text(text)
    _git(repo, "add", ".")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "snapshot")


def test_a_file_is_flagged_in_its_repository_and_checked_alone_without_a_snapshot(tmp_path: Path) -> None:
    mirrors, orig, work = tmp_path / "mirrors", tmp_path / "orig", tmp_path / "work"
    orig.mkdir()
    # the snapshot's own copy differs: the labelled original is what gets checked
    _snapshot(mirrors, "someone/classes", {"helpers.py": HELPER, "analyse.py": "print('older version')\n"})
    (orig / "in-repo.py").write_text(CALLER)
    (orig / "alone.py").write_text(CALLER)  # its repository has no snapshot: the helper is not seen
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps([
        {"id": "in-repo", "label": "positive", "repo": "someone/classes", "path": "analyse.py"},
        {"id": "alone", "label": "positive", "repo": "someone/elsewhere", "path": "analyse.py"},
    ]))
    flags = tmp_path / "flags.json"
    out = subprocess.run([sys.executable, str(SCRIPT), str(manifest), str(orig), str(mirrors), str(work), str(flags)],
                         capture_output=True, text=True, check=True).stdout
    assert "files 2 (2 positive; 1 checked in their repository, 1 alone)  tp 1 fp 0 fn 1" in out
    assert json.loads(flags.read_text()) == {"alone": [], "in-repo": ["COS101"]}
    assert (work / "someone+classes" / "analyse.py").read_text() == CALLER
