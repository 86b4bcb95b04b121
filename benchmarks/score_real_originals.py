"""Score the `cosaudit check` on PYTHONPATH on the real original files of one corpus round.

    PYTHONPATH=<engine> python benchmarks/score_real_originals.py MANIFEST ORIG_DIR [flags.json]

The real originals are kept outside the repository (public text is not committed; the corpus holds
synthetic rewrites), one per manifest entry, named <id>.<ext> in ORIG_DIR. A file counts as flagged
when it has a warning or an error; precision and recall are per file, and each file's result is
listed. Run it from outside the repository to score an engine extracted elsewhere (`git archive
COMMIT cosaudit | tar -x -C DIR`), as the corpus README's tables were.
"""
import glob
import json
import sys
import time
from pathlib import Path

import cosaudit
from cosaudit.lint.engine import check_paths

man, orig = sys.argv[1], Path(sys.argv[2])
m = {e["id"]: e for e in json.load(open(man))}
files = [f for f in sorted(glob.glob(str(orig / "*"))) if Path(f).stem in m]
missing = sorted(set(m) - {Path(f).stem for f in files})
if missing:
    sys.exit(f"originals missing for: {missing}")
t0 = time.perf_counter()
res = check_paths(files, cwd=orig)
dt = time.perf_counter() - t0
flag = {Path(f).stem: set() for f in files}
info = {Path(f).stem: set() for f in files}
for f in res.findings:
    (flag if f.severity.value in ("warning", "error") else info)[Path(f.path).stem].add(f.code)
ids = sorted(flag)
tp = sum(bool(flag[i]) and m[i]["label"] == "positive" for i in ids)
fp = sum(bool(flag[i]) and m[i]["label"] == "negative" for i in ids)
fn = sum((not flag[i]) and m[i]["label"] == "positive" for i in ids)
pos = tp + fn
print(f"files {len(ids)} ({pos} positive, {len({m[i]['repo'] for i in ids})} repos)  tp {tp} fp {fp} fn {fn}  "
      f"precision {tp/max(tp+fp,1):.3f} recall {tp/max(pos,1):.3f}  ({dt:.1f} s)")
for i in ids:
    mark = "ok  " if bool(flag[i]) == (m[i]["label"] == "positive") else "MISS"
    extra = f" (info: {','.join(sorted(info[i]))})" if info[i] else ""
    print(f"  {mark} {i:36} {m[i]['label']:8} {','.join(sorted(flag[i])) or '-'}{extra}")
if len(sys.argv) > 3:
    json.dump({i: sorted(v) for i, v in flag.items()}, open(sys.argv[3], "w"), indent=1)
print("engine:", cosaudit.__file__)
