"""Benchmark: peak memory (RSS) of `inspect`, `neighbours` and `argmax --all` on one head.

    python3 benchmarks/bench_memory.py                    # 50257 × 768 F32 head (154 MB)
    python3 benchmarks/bench_memory.py --V 20000 --skip-all
    python3 benchmarks/bench_memory.py --code-before /work/main   # each command before and after

Each command runs in its own process; its peak RSS comes from `os.wait4` (the kernel's
ru_maxrss of that child). Printed against the target (the head in float32 + 512 MiB) and against
a baseline measured in the same run: a process that only imports numpy and reads the head into
one float32 array. `--code-before DIR` runs each command also with another checkout's code
(e.g. the main branch), in the same run, so a change is measured against what it replaces.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _synth import write_synthetic  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def peak_rss(cmd: list[str], code: Path = ROOT) -> tuple[int, float, int]:
    """(peak RSS in bytes, seconds, exit code) of one child process running the code in `code`
    (its working directory too: `python -m` looks there first)."""
    env = dict(os.environ, PYTHONPATH=str(code), HF_HUB_OFFLINE="1")
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=code)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.stderr is not None:
        proc.stderr.close()
    return usage.ru_maxrss * 1024, time.perf_counter() - t, proc.returncode


def mib(n: float) -> str:
    return f"{n / 2**20:.0f} MiB"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--V", type=int, default=50257)
    ap.add_argument("--d", type=int, default=768)
    ap.add_argument("--skip-all", action="store_true", help="skip argmax --all (the long one)")
    ap.add_argument("--code-before", type=Path, help="also run each command with this checkout's code")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        head = write_synthetic(Path(tmp) / "head.safetensors", [("lm_head.weight", "F32", (args.V, args.d))])
        f32 = args.V * args.d * 4
        target = f32 + 512 * 2**20
        print(f"head {args.V} x {args.d} F32 ({mib(f32)}); target: head + 512 MiB = {mib(target)}", flush=True)
        read = (
            "import numpy as np; from cosaudit.load.tensors import SafetensorsTensor, read_safetensors_header as r; "
            f"SafetensorsTensor(r(__import__('pathlib').Path({str(head)!r})).entries['lm_head.weight']).read()"
        )
        runs = [
            ("baseline: read the head into float32", [sys.executable, "-c", read]),
            (
                "inspect --ids 1 2 3",
                [sys.executable, "-m", "cosaudit", "inspect", str(head), "--ids", "1", "2", "3", "--format", "json"],
            ),
            (
                "neighbours --id 5 --k 10",
                [sys.executable, "-m", "cosaudit", "neighbours", str(head), "--id", "5", "--format", "json"],
            ),
        ]
        if not args.skip_all:
            runs.append(
                ("argmax --all", [sys.executable, "-m", "cosaudit", "argmax", str(head), "--all", "--format", "json"])
            )
        codes = [("", ROOT)] if args.code_before is None else [("before", args.code_before.resolve()), ("after", ROOT)]
        for what, cmd in runs:
            base = what.startswith("baseline")
            for tag, where in [("", ROOT)] if base else codes:
                rss, secs, code = peak_rss(cmd, where)
                verdict = "" if base else ("  within target" if rss <= target else "  OVER target")
                print(f"{what:33s}{tag:>7s} peak RSS {mib(rss):>9s}  {secs:7.1f} s  exit {code}{verdict}", flush=True)


if __name__ == "__main__":
    main()
