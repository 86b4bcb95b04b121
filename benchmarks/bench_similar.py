"""Speed and memory of `cosaudit similar --id L` (one label against the whole vocabulary).

Target (issue 15): N = 10,000 hidden states on a 50257 × 768 head; the command takes at most
3× the wall time of a plain numpy script that loads the same head and states and computes the
N × V log-softmax once (in blocks, not kept), measured in the same run; and it peaks at most at
the head's float32 size + 512 MB. Each side runs in its own subprocess (peak RSS from wait4).

Usage: python benchmarks/bench_similar.py [--quick] [--workdir DIR] [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _synth import write_synthetic  # noqa: E402
from bench_inspect import run_measured  # noqa: E402

BASELINE = """
import sys, time, numpy as np
from safetensors import safe_open
with safe_open(sys.argv[1], framework="np") as f:
    W = f.get_tensor("lm_head.weight")
H = np.load(sys.argv[2]).astype(np.float32)
t0 = time.perf_counter()
rows, total = 250, 0.0
for a in range(0, H.shape[0], rows):
    z = H[a:a + rows] @ W.T
    m = z.max(axis=1, keepdims=True)
    z -= m
    s = np.exp(z).sum(axis=1, keepdims=True)
    z -= np.log(s)                       # log-softmax of this block
    total += float(z[:, 0].sum())
print(time.perf_counter() - t0, total, file=sys.stderr)
"""


def measure(cmd: list[str], repeat: int) -> tuple[float, float]:
    runs = [run_measured(cmd) for _ in range(repeat)]
    return statistics.median(r[0] for r in runs), max(r[1] for r in runs)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="a 8192 × 256 head and 2,000 inputs")
    ap.add_argument("--workdir", type=Path, default=None)
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args()
    v, d, n = (8192, 256, 2000) if args.quick else (50257, 768, 10_000)
    work = args.workdir or Path(tempfile.mkdtemp(prefix="cosaudit-bench-similar-"))
    work.mkdir(parents=True, exist_ok=True)
    head = work / f"synth-{v}x{d}-f32.safetensors"
    if not head.exists():
        write_synthetic(head, [("lm_head.weight", "F32", (v, d))])
    states = work / f"hidden-{n}x{d}.npy"
    if not states.exists():
        np.save(states, np.random.default_rng(1).standard_normal((n, d), dtype=np.float32) * 4.0)
    base_t, base_mem = measure([sys.executable, "-c", BASELINE, str(head), str(states)], args.repeat)
    cmd = [sys.executable, "-m", "cosaudit", "similar", str(head), "--id", "123", "--k", "10",
           "--hidden", str(states), "--format", "json", "--output", str(work / "out.json"), "--force"]
    ours_t, ours_mem = measure(cmd, args.repeat)
    head_mb = v * d * 4 / 2**20
    rep = json.loads((work / "out.json").read_text())
    figures = {
        "head": f"{v} x {d} F32 ({head_mb:.0f} MiB)",
        "inputs": n,
        "baseline_s (load + N x V log-softmax)": round(base_t, 2),
        "similar_s": round(ours_t, 2),
        "ratio": round(ours_t / base_t, 2),
        "target_ratio": 3.0,
        "baseline_peak_mib": round(base_mem),
        "similar_peak_mib": round(ours_mem),
        "memory_limit_mib (f32 head + 512)": round(head_mb + 512),
        "neighbours": len(rep["neighbours"]),
    }
    for k, val in figures.items():
        print(f"{k:40s} {val}")
    ok = ours_t <= 3.0 * base_t and ours_mem <= head_mb + 512
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
