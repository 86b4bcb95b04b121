"""Quality and speed of `cosaudit check`.

1. Precision and recall over the test corpus (tests/lint/corpus), from its inline `expect:`
   markers: a finding counts as a true positive when a marker names the same (cell, line, code).
   Goal: both >= 0.95.
2. On the real-world corpus (tests/lint/real: public files written by others, hand-labelled,
   split into dev and heldout): precision and recall per file (a file counts as flagged when it
   has a warning or an error), for today's engine AND the baseline engine (commit 23e4c07's
   `cosaudit/`, extracted here with `git archive` and run in a subprocess) on the same files.
   Goal on a held-out set: recall >= 0.90 and precision >= 0.95. Only aggregate figures are
   printed for heldout and the fresh sets heldout2, heldout3, … (26 Nov 2026, manifest-heldout*.json,
   synthetic rewrites; their once-scored figures on the real originals are in the corpus README);
   `--real dev` (the default) scores dev alone and lists its misses.
3. Scan rate on a generated tree of 2,000 mixed files (.py, .ipynb, .md, .rst, .tex; corpus files
   plus clean filler of realistic size), walking the directory as `cosaudit check DIR` does.
   Goal: >= 200 files/s. Baseline measured in the same run: reading every file and parsing it
   (`ast.parse` / `json.loads`) without any analysis — the floor of any AST-based checker.

Run: python3 benchmarks/check_quality.py [--files 2000] [--seed 0] [--real dev|all|none]
"""

from __future__ import annotations

import argparse
import ast
import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests" / "lint"))

from lint_markers import corpus_files, expected  # noqa: E402
from real_quality import EXTRA, entries, run_engine, score  # noqa: E402

from cosaudit.lint.config import CheckConfig  # noqa: E402
from cosaudit.lint.engine import check_paths  # noqa: E402

FILLER_PY = '''"""Training utilities."""
import torch
import torch.nn.functional as F


def train_step(model, batch, optimizer):
    logits = model(batch["input_ids"]).logits
    loss = F.cross_entropy(logits.view(-1, logits.size(-1)), batch["labels"].view(-1))
    loss.backward()
    optimizer.step()
    optimizer.zero_grad()
    return loss.item()


def evaluate(model, loader):
    total, correct = 0, 0
    for batch in loader:
        with torch.no_grad():
            pred = model(batch["x"]).argmax(-1)
        correct += (pred == batch["y"]).sum().item()
        total += len(batch["y"])
    return correct / max(total, 1)
'''
FILLER_MD = """# Experiment log

We fine-tuned the model for three epochs with a learning rate of 3e-5 and a batch size of 32.
Accuracy on the held-out set rose from 71.2% to 78.9%; the loss curve is in `figures/loss.png`.

## Setup

```python
from transformers import AutoModelForSequenceClassification
model = AutoModelForSequenceClassification.from_pretrained("org/model")
```

The tokenizer is the one shipped with the checkpoint.
"""
FILLER_RST = """Usage
=====

Install the package and run the training script::

    python train.py --epochs 3

.. code-block:: python

   import torch
   x = torch.randn(4, 8)
   print(x.mean())
"""
FILLER_TEX = r"""\section{Method}
We train a linear probe on the residual stream of layer 6 and report accuracy on a held-out split.
\begin{equation} \mathcal{L} = -\sum_i \log p(y_i \mid x_i) \end{equation}
"""


def filler_notebook() -> str:
    cells = [
        {"cell_type": "markdown", "metadata": {}, "source": "# Analysis\nLoss curves of the runs."},
        {
            "cell_type": "code",
            "metadata": {},
            "outputs": [
                {"output_type": "stream", "name": "stdout", "text": "epoch 1 loss 2.31\n" * 50}
            ],
            "source": FILLER_PY,
        },
    ]
    return json.dumps({"cells": cells, "nbformat": 4, "nbformat_minor": 5})


HELDOUT = Path(__file__).resolve().parent / "check_heldout"


def quality(files: list[Path], label: str) -> tuple[float, float, Counter[str], Counter[str]]:
    tp = fp = fn = 0
    fp_by: Counter[str] = Counter()
    fn_by: Counter[str] = Counter()
    for path in files:
        got = Counter((f.cell, f.line, f.code) for f in check_paths([str(path)]).findings)
        want = expected(path)
        tp += sum((got & want).values())
        for k, n in (got - want).items():
            fp += n
            fp_by[k[2]] += n
        for k, n in (want - got).items():
            fn += n
            fn_by[k[2]] += n
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    print(
        f"{label}: {len(files)} files, {tp + fn} expected findings, {tp} found, {fp} "
        f"unexpected, {fn} missed"
    )
    return precision, recall, fp_by, fn_by


def make_tree(root: Path, n: int, seed: int) -> list[Path]:
    rng = random.Random(seed)
    sources = corpus_files()
    fillers = {
        ".py": FILLER_PY,
        ".md": FILLER_MD,
        ".rst": FILLER_RST,
        ".tex": FILLER_TEX,
        ".ipynb": filler_notebook(),
    }
    files = []
    for i in range(n):
        folder = root / f"pkg{i % 40:02d}" / f"sub{i % 7}"
        folder.mkdir(parents=True, exist_ok=True)
        if rng.random() < 0.3:  # 30 % files with findings, from the corpus
            src = rng.choice(sources)
            dst = folder / f"c{i}{src.suffix}"
            shutil.copyfile(src, dst)
        else:
            ext = rng.choice([".py", ".py", ".py", ".md", ".ipynb", ".rst", ".tex"])
            dst = folder / f"f{i}{ext}"
            dst.write_text(
                fillers[ext] * (1 if ext == ".ipynb" else rng.randint(1, 4)), encoding="utf-8"
            )
        files.append(dst)
    return files


def baseline(files: list[Path]) -> float:
    t0 = time.perf_counter()
    for f in files:
        text = f.read_text(encoding="utf-8")
        if f.suffix == ".py":
            try:
                ast.parse(text)
            except SyntaxError:
                pass
        elif f.suffix == ".ipynb":
            json.loads(text)
    return time.perf_counter() - t0


def long_pages(root: Path, n: int) -> list[Path]:
    """Course pages written as Python (Streamlit): one long section of prose and formulas in a string.
    Each paragraph is checked against its section, so a section searched once per paragraph made
    such files quadratic (ARENA's 90-240 kB pages took 2-3 s each)."""
    para = (
        "We compare the probe's feature vectors with "
        "$\\frac{{x_{i}^\\top y_{i}}}{{\\|x_{i}\\| \\|y_{i}\\|}}$ on held-out prompts, "
        "and report the mean over {i} seeds.\n\n"
    )
    body = "".join(para.format(i=i) for i in range(700))
    files = []
    for i in range(n):
        f = root / f"page{i}.py"
        f.write_text(f'import streamlit as st\n\nst.markdown(r"""\n## Method\n\n{body}""")\n', encoding="utf-8")
        files.append(f)
    return files


def long_page_speed(root: Path) -> None:
    files = long_pages(root, 4)
    size = sum(f.stat().st_size for f in files)
    base = baseline(files)
    t0 = time.perf_counter()
    result = check_paths([str(root)], CheckConfig(root=root), cwd=root)
    elapsed = time.perf_counter() - t0
    print(
        f"long pages: {len(files)} files, {size / 1e3:.0f} kB: {elapsed:.2f} s = {size / 1e3 / elapsed:.0f} kB/s "
        f"({len(result.findings)} findings; read + parse {base:.3f} s)"
    )


BASELINE_COMMIT = "23e4c07"


def real_world(which: str) -> None:
    fresh = sorted(EXTRA, key=lambda s: int(s.removeprefix("heldout")))
    splits = {"dev": ["dev"], "all": ["dev", "heldout", *fresh], "none": []}[which]
    if splits and not entries():
        print("real-world corpus: tests/lint/real/manifest.json not found; skipped")
        return
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(
            ["git", "-C", str(REPO), "archive", BASELINE_COMMIT, "cosaudit"], capture_output=True, check=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        engines = (("baseline " + BASELINE_COMMIT, Path(tmp)), ("current", REPO))
        for split in splits:
            rows = entries(split)
            for name, where in engines:
                t0 = time.perf_counter()
                hits = run_engine(where, [r["abs"] for r in rows])
                sc, missed, false = score(rows, hits)
                print(
                    f"real-world {split:<7} {name:<17} {sc.files} files ({sc.positives} positive): "
                    f"precision {sc.precision:.3f}  recall {sc.recall:.3f}  "
                    f"(TP {sc.tp}, FP {sc.fp}, FN {sc.fn}; {time.perf_counter() - t0:.1f} s)"
                )
                if split == "dev" and name == "current":
                    for f in missed:
                        print(f"    missed: {f}")
                    for f in false:
                        print(f"    false alarm: {f}")
    if "heldout" in splits:
        print("  goal on a held-out set: recall >= 0.90 and precision >= 0.95 (each held-out set was "
              "scored once on the real originals, then developed on: tests/lint/real/README.md)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--files", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--real", choices=["dev", "all", "none"], default="dev")
    args = ap.parse_args()
    real_world(args.real)
    if args.files <= 0:
        return
    heldout = sorted(
        p
        for p in HELDOUT.iterdir()
        if p.suffix in (".py", ".ipynb", ".md", ".qmd", ".tex", ".rst") and p.name != "README.md"
    )
    for files, label in (
        (corpus_files(), "corpus (tests/lint/corpus)"),
        (heldout, "held-out (benchmarks/check_heldout; misses fixed after measuring, see README)"),
    ):
        precision, recall, fp_by, fn_by = quality(files, label)
        print(f"  precision {precision:.3f}   recall {recall:.3f}   (goal >= 0.95 each)")
        if fp_by:
            print("  unexpected by rule:", dict(sorted(fp_by.items())))
        if fn_by:
            print("  missed by rule:", dict(sorted(fn_by.items())))
    with tempfile.TemporaryDirectory() as tmp:
        long_page_speed(Path(tmp))
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        files = make_tree(root, args.files, args.seed)
        size = sum(f.stat().st_size for f in files)
        print(f"tree: {len(files)} files, {size / 1e6:.1f} MB, seed {args.seed}")
        base = baseline(files)
        cfg = CheckConfig(root=root)
        t0 = time.perf_counter()
        result = check_paths([str(root)], cfg, cwd=root)
        elapsed = time.perf_counter() - t0
        assert result.files_scanned == len(files), (result.files_scanned, len(files))
        print(f"baseline (read + parse only): {base:.2f} s = {len(files) / base:.0f} files/s")
        print(
            f"cosaudit check: {elapsed:.2f} s = {len(files) / elapsed:.0f} files/s "
            f"({len(result.findings)} findings; {elapsed / base:.1f}x the baseline)   (goal >= "
            "200 files/s)"
        )


if __name__ == "__main__":
    main()
