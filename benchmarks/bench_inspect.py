"""Speed and memory of `cosaudit inspect` against a plain numpy baseline, in the same run.

Target (issue 2): on a 128256 × 4096 bf16 head stored beside other large tensors in one file,
`cosaudit inspect --ids …` (with its vocabulary-wide summary) takes at most 2× the wall time of
a plain numpy baseline that reads and converts the same tensor to float32, and peaks at most
at the head's float32 size + 512 MB. Also prints how the cost grows with V and d.

Usage: python benchmarks/bench_inspect.py [--quick] [--workdir DIR] [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _synth import write_synthetic  # noqa: E402

BASELINE = """
import sys, numpy as np, ml_dtypes
from safetensors import safe_open
with safe_open(sys.argv[1], framework="np") as f:
    x = f.get_tensor("lm_head.weight").astype(np.float32)
print(float(x[0, 0]))
"""


def run_measured(cmd: list[str]) -> tuple[float, float]:
    """Wall time and peak RSS (MiB) of one child, via wait4's rusage."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stderr = proc.stderr.read() if proc.stderr else b""
    _, status, ru = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    if status != 0:
        raise SystemExit(f"command failed: {' '.join(cmd)}\n{stderr.decode()[-2000:]}")
    return wall, ru.ru_maxrss / 1024.0


def measure(cmd: list[str], repeat: int) -> tuple[float, float]:
    runs = [run_measured(cmd) for _ in range(repeat)]
    return statistics.median(r[0] for r in runs), max(r[1] for r in runs)


def one_size(workdir: Path, v: int, d: int, repeat: int, extra: bool) -> dict[str, float]:
    path = workdir / f"synth-{v}x{d}.safetensors"
    if not path.exists():
        tensors = [("model.embed_tokens.weight", "BF16", (v, d))] if extra else []
        tensors += [("lm_head.weight", "BF16", (v, d)), ("model.norm.weight", "F32", (d,))]
        if extra:
            tensors.append(("model.layers.0.mlp.up_proj.weight", "BF16", (4 * d, d)))
        write_synthetic(path, tensors)
    # warm the page cache so both sides read from memory
    run_measured([sys.executable, "-c", BASELINE, str(path)])
    base_t, base_m = measure([sys.executable, "-c", BASELINE, str(path)], repeat)
    cmd = [sys.executable, "-m", "cosaudit", "inspect", str(path), "--ids", "1", "2", "3", "4",
           "--format", "json", "--output", str(workdir / "inspect.json"), "--force"]
    cos_t, cos_m = measure(cmd, repeat)
    return {"V": v, "d": d, "file_gib": path.stat().st_size / 2**30, "baseline_s": base_t,
            "baseline_mib": base_m, "inspect_s": cos_t, "inspect_mib": cos_m,
            "head_f32_mib": v * d * 4 / 2**20}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="small sizes only (a smoke run)")
    ap.add_argument("--workdir", type=Path, default=None)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="cosaudit-bench-"))
    workdir.mkdir(parents=True, exist_ok=True)
    main_size = (8192, 1024) if args.quick else (128256, 4096)
    growth = [(4096, 512), (8192, 512), (4096, 1024)] if args.quick else [(32064, 4096), (64128, 4096), (128256, 2048)]
    load = os.getloadavg()[0]
    print(f"machine: {os.cpu_count()} cores; python {sys.version.split()[0]}; load average {load:.2f}; "
          f"workdir {workdir}")
    r = one_size(workdir, *main_size, args.repeat, extra=True)
    ratio_t = r["inspect_s"] / r["baseline_s"]
    budget_m = r["head_f32_mib"] + 512
    print(f"\nhead {r['V']} x {r['d']} bf16 in a {r['file_gib']:.2f} GiB file with other large tensors")
    print(f"  numpy baseline (safe_open + astype float32): {r['baseline_s']:.2f} s, peak {r['baseline_mib']:.0f} MiB")
    print(f"  cosaudit inspect --ids 1 2 3 4 (json):      {r['inspect_s']:.2f} s, peak {r['inspect_mib']:.0f} MiB")
    print(f"  time ratio {ratio_t:.2f} (target <= 2.00): {'PASS' if ratio_t <= 2 else 'FAIL'}")
    print(f"  peak memory {r['inspect_mib']:.0f} MiB vs budget {budget_m:.0f} MiB (head float32 + 512): "
          f"{'PASS' if r['inspect_mib'] <= budget_m else 'FAIL'}")
    print("\ngrowth with V and d (inspect seconds; baseline seconds):")
    rows = [r] + [one_size(workdir, v, d, max(1, args.repeat - 1), extra=False) for v, d in growth]
    for x in sorted(rows, key=lambda x: x["V"] * x["d"]):
        print(f"  V={x['V']:>7} d={x['d']:>5}  V*d={x['V'] * x['d'] / 1e6:7.1f}M  inspect {x['inspect_s']:6.2f} s"
              f"  baseline {x['baseline_s']:6.2f} s  peak {x['inspect_mib']:6.0f} MiB")
    print(json.dumps({"result": r}, default=float))


if __name__ == "__main__":
    main()
