"""Score the `cosaudit check` on PYTHONPATH on one corpus round, each file checked inside its repository.

    PYTHONPATH=<engine> python benchmarks/score_in_repo.py MANIFEST ORIG_DIR MIRRORS_DIR WORK_DIR [flags.json]

`score_real_originals.py` checks each real original alone. A user runs `cosaudit check .` in the
repository, where the engine also reads the modules a file imports (helpers, classes that build a
cosine head or tie token rows to the head). This script measures that: for each repository of the
manifest whose snapshot is in MIRRORS_DIR (a bare git directory at `owner+name/repo`, as the
search tool's `fetch` leaves them), the snapshot's newest tree is extracted into WORK_DIR, the
labelled originals are written over their paths (so the labelled text is what is checked), and the
whole tree is checked once. A file counts as flagged when it has a warning or an error. Files of
repositories without a snapshot are checked alone and marked `alone`.
"""
import json
import shutil
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

import cosaudit
from cosaudit.lint.engine import check_paths

_READ = (".py", ".ipynb", ".md", ".qmd", ".rst", ".tex", "pyproject.toml")


def extract(mirror: Path, dest: Path) -> None:
    """The snapshot's newest tree (HEAD) under `dest`: only the files cosaudit reads (a snapshot lacks
    its largest blobs, so `git archive` would fail), skipping any blob the snapshot does not hold."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    listing = subprocess.run(["git", "-C", str(mirror), "ls-tree", "-r", "-z", "HEAD"], check=True,
                             capture_output=True).stdout.decode("utf-8", "replace")
    for entry in filter(None, listing.split("\0")):
        meta, path = entry.split("\t", 1)
        _mode, kind, sha = meta.split()
        if kind != "blob" or not path.endswith(_READ):
            continue
        blob = subprocess.run(["git", "-C", str(mirror), "cat-file", "blob", sha], capture_output=True)
        if blob.returncode == 0:
            target = dest / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(blob.stdout)


def flagged_in(tree: Path, wanted: dict[str, str]) -> dict[str, set[str]]:
    """Warning/error codes of each wanted path (relative to `tree`), from one check of the whole tree."""
    res = check_paths([str(tree)], cwd=tree)
    by_path = {rel: eid for eid, rel in wanted.items()}
    flag: dict[str, set[str]] = {eid: set() for eid in wanted}
    for f in res.findings:
        eid = by_path.get(Path(f.path).as_posix())
        if eid is not None and f.severity.value in ("warning", "error"):
            flag[eid].add(f.code)
    return flag


def main(argv: list[str]) -> None:
    man, orig, mirrors, work = argv[1], Path(argv[2]), Path(argv[3]), Path(argv[4])
    m = {e["id"]: e for e in json.load(open(man))}
    originals = {p.stem: p for p in orig.iterdir() if p.stem in m}
    by_repo: dict[str, list[str]] = defaultdict(list)
    for eid, e in m.items():
        by_repo[e["repo"]].append(eid)
    flag: dict[str, set[str]] = {}
    where: dict[str, str] = {}
    t0 = time.perf_counter()
    for repo, ids in sorted(by_repo.items()):
        mirror = mirrors / repo.replace("/", "+") / "repo"
        if mirror.is_dir():
            tree = work / repo.replace("/", "+")
            extract(mirror, tree)
            for eid in ids:
                target = tree / m[eid]["path"]
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(originals[eid], target)
            flag.update(flagged_in(tree, {eid: m[eid]["path"] for eid in ids}))
            where.update({eid: "repo" for eid in ids})
        else:
            res = check_paths([str(originals[eid]) for eid in ids], cwd=orig)
            alone: dict[str, set[str]] = {eid: set() for eid in ids}
            for f in res.findings:
                if f.severity.value in ("warning", "error"):
                    alone[Path(f.path).stem].add(f.code)
            flag.update(alone)
            where.update({eid: "alone" for eid in ids})
    dt = time.perf_counter() - t0
    ids = sorted(flag)
    tp = sum(bool(flag[i]) and m[i]["label"] == "positive" for i in ids)
    fp = sum(bool(flag[i]) and m[i]["label"] == "negative" for i in ids)
    fn = sum((not flag[i]) and m[i]["label"] == "positive" for i in ids)
    in_repo = sum(where[i] == "repo" for i in ids)
    print(f"files {len(ids)} ({tp + fn} positive; {in_repo} checked in their repository, {len(ids) - in_repo} alone)  "
          f"tp {tp} fp {fp} fn {fn}  precision {tp / max(tp + fp, 1):.3f} recall {tp / max(tp + fn, 1):.3f}  "
          f"({dt:.1f} s)")
    for i in ids:
        mark = "ok  " if bool(flag[i]) == (m[i]["label"] == "positive") else "MISS"
        print(f"  {mark} {i:36} {m[i]['label']:8} {where[i]:5} {','.join(sorted(flag[i])) or '-'}")
    if len(argv) > 5:
        json.dump({i: sorted(v) for i, v in flag.items()}, open(argv[5], "w"), indent=1)
    print("engine:", cosaudit.__file__)


if __name__ == "__main__":
    main(sys.argv)
