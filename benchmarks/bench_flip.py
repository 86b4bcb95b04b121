"""Benchmark `cosaudit flip` on a Llama-3-sized head against baselines measured in the same run.

    python benchmarks/bench_flip.py [--dir /tmp/cosaudit-bench] [--keep]

Builds a single-file checkpoint: a synthetic 128256 × 4096 BF16 `lm_head.weight` (1.05 GB) beside
other large tensors and a final RMSNorm. Then measures, in this process (imports already done):

1. baseline A: read the head's bytes and convert BF16 → float32 with numpy (one preallocated
   array, bit shift), warm page cache;
2. `flip FILE --ids I J` (both −1 and +1, verification with the default probe count), target ≤ 3×A;
3. baseline B: `cp FILE COPY` (subprocess, warm cache);
4. `flip FILE --ids I J --target -1 --save OUT`, target ≤ 2×B;
5. phases and floors: one streamed read of the head, the save step alone (no verification),
   and two parts that a save with always-on verification and a provenance hash cannot skip,
   each alone: `flip --target -1` without `--save` (the verification of the saved model) and
   sha256 of the head's bytes.

Each timing is the best of `--repeat` runs (wall clock; the process CPU time of that run is
printed beside it, and the load average before and after, since other work on the machine
slows the multi-threaded flip more than the single-threaded baselines). Prints figures and the
ratios; exit 1 if a target is missed (so CI can run it), 0 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import struct
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

V, D = 128256, 4096
OTHERS = {  # name: (rows, cols) — other large tensors in the same file
    "model.layers.0.mlp.up_proj.weight": (14336, 4096),
    "model.layers.0.mlp.down_proj.weight": (4096, 14336),
}


def _bf16_bits(rng: np.random.Generator, n: int) -> np.ndarray:
    """Random BF16 bit patterns of magnitude ~2^-8 … 2^-4 (like trained weights), no NaN/Inf."""
    raw = rng.integers(0, 1 << 16, size=n, dtype=np.uint16)
    exp = rng.integers(0x77, 0x7B, size=n, dtype=np.uint16)
    return (raw & np.uint16(0x807F)) | (exp << np.uint16(7))


def build(path: Path) -> None:
    """Write the checkpoint block by block (never the whole file in memory)."""
    tensors = [("lm_head.weight", (V, D)), *OTHERS.items(), ("model.norm.weight", (D,))]
    header: dict[str, object] = {"__metadata__": {"format": "pt"}}
    off = 0
    for name, shape in tensors:
        nbytes = int(np.prod(shape)) * 2
        header[name] = {"dtype": "BF16", "shape": list(shape), "data_offsets": [off, off + nbytes]}
        off += nbytes
    hb = json.dumps(header).encode()
    hb += b" " * ((8 - len(hb) % 8) % 8)
    rng = np.random.default_rng(0)
    tmp = path.with_suffix(".tmp")
    with open(tmp, "wb") as fh:
        fh.write(struct.pack("<Q", len(hb)) + hb)
        for name, shape in tensors:
            n = int(np.prod(shape))
            if name == "model.norm.weight":
                fh.write(np.full(n, 0x3F80, dtype="<u2").tobytes())  # 1.0
                continue
            for a in range(0, n, 1 << 24):
                fh.write(_bf16_bits(rng, min(1 << 24, n - a)).astype("<u2").tobytes())
    os.replace(tmp, path)


def read_and_convert(path: Path) -> float:
    """Baseline A: the head's bytes → float32 with numpy, into one preallocated array."""
    with open(path, "rb") as fh:
        (n,) = struct.unpack("<Q", fh.read(8))
        begin = 8 + n + json.loads(fh.read(n))["lm_head.weight"]["data_offsets"][0]
    t = time.perf_counter()
    out = np.empty((V, D), dtype=np.float32)
    bits = np.fromfile(path, dtype="<u2", count=V * D, offset=begin).reshape(V, D)
    np.left_shift(bits, 16, out=out.view(np.uint32), dtype=np.uint32)
    dt = time.perf_counter() - t
    assert np.isfinite(out[::4096]).all()
    return dt


CPU: dict[int, float] = {}  # id(fn) → process CPU seconds of its best run


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def timed(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        c = _cpu()
        t = time.perf_counter()
        fn()
        dt = time.perf_counter() - t
        if dt < best:
            best = dt
            CPU[id(fn)] = _cpu() - c
    return best


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def phases(ckpt: Path, out: Path, runner: Any, cli: Any, repeat: int) -> tuple[float, float, float, float]:
    """Where the time goes: one streamed read of the head, the save step alone, and the floors."""
    # phases, to show where the time goes: one streamed read of the head (as flip reads it: raw
    # rows, read ahead on a thread), and the save step alone (read, sha256, transform, write,
    # fsync of the whole file; no verification)
    from cosaudit.core import symmetry as sym
    from cosaudit.core.equivalent import Equivalent
    from cosaudit.load import open_head
    from cosaudit.load.blocks import iter_head_blocks
    from cosaudit.load.write import save_equivalent

    head = open_head(str(ckpt))

    def read_head() -> None:
        for _start, _block in iter_head_blocks(head.weight):
            pass

    t_read = timed(read_head, repeat)
    pair = head.rows([1000, 2000])
    eq = Equivalent("translate", c=sym.least_norm_translation(pair[0], pair[1], -1.0).c)

    def save_only() -> None:
        out.unlink(missing_ok=True)
        save_equivalent(head, eq, out, symmetry="translate", labels=[], target=-1.0)

    t_write = timed(save_only, repeat)

    # floors of the save: the parts that any save with always-on verification and the
    # provenance hash must do, each measured alone
    def verify_one() -> None:
        r = runner.invoke(
            cli, ["flip", str(ckpt), "--ids", "1000", "2000", "--target", "-1", "--format", "json"]
        )
        assert r.exit_code == 0, r.stderr

    t_verify1 = timed(verify_one, repeat)

    def sha256_head() -> None:
        import hashlib

        h = hashlib.sha256()
        for _start, block in iter_head_blocks(head.weight):
            h.update(np.ascontiguousarray(block).reshape(-1).view(np.uint8))

    t_sha = timed(sha256_head, repeat)
    return t_read, t_write, t_verify1, t_sha


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", type=Path, default=Path("/tmp/cosaudit-bench"))
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--keep", action="store_true", help="keep the checkpoint for the next run")
    args = ap.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from click.testing import CliRunner

    from cosaudit.cli import cli

    args.dir.mkdir(parents=True, exist_ok=True)
    ckpt = args.dir / "model.safetensors"
    if not ckpt.exists():
        t = time.perf_counter()
        build(ckpt)
        print(
            f"built {ckpt} ({ckpt.stat().st_size / 1e9:.2f} GB) in {time.perf_counter() - t:.1f} s"
        )
    size = ckpt.stat().st_size
    head_gb = V * D * 2 / 1e9
    print(f"checkpoint: {ckpt}, {size / 1e9:.3f} GB; head 128256 x 4096 BF16 ({head_gb:.3f} GB)")
    print(f"machine: {os.cpu_count()} cores, numpy {np.__version__}; load average {load_average()}")

    read_and_convert(ckpt)  # warm the page cache
    base_a = timed(lambda: read_and_convert(ckpt), args.repeat)

    runner = CliRunner()
    report: dict[str, object] = {}

    def flip_nosave() -> None:
        r = runner.invoke(cli, ["flip", str(ckpt), "--ids", "1000", "2000", "--format", "json"])
        assert r.exit_code == 0, r.stderr
        report["nosave"] = json.loads(r.stdout)

    t_flip = timed(flip_nosave, args.repeat)

    copy = args.dir / "copy.safetensors"

    def cp() -> None:
        copy.unlink(missing_ok=True)
        subprocess.run(["cp", str(ckpt), str(copy)], check=True)

    base_b = timed(cp, args.repeat)
    copy.unlink(missing_ok=True)

    out = args.dir / "flipped.safetensors"

    def flip_save() -> None:
        out.unlink(missing_ok=True)
        r = runner.invoke(
            cli,
            [
                "flip",
                str(ckpt),
                "--ids",
                "1000",
                "2000",
                "--target",
                "-1",
                "--save",
                str(out),
                "--format",
                "json",
            ],
        )
        assert r.exit_code == 0, r.stderr
        report["save"] = json.loads(r.stdout)

    t_save = timed(flip_save, args.repeat)

    t_read, t_write, t_verify1, t_sha = phases(ckpt, out, runner, cli, args.repeat)
    nos = report["nosave"]
    sav = report["save"]
    ver = nos["verification"]  # type: ignore[index]
    m = sav["models"][0]  # type: ignore[index]
    rows = [
        ("baseline A  read + convert head (numpy)", base_a, ""),
        (f"flip (-1 and +1, {ver['n_probes']} probes, no save)", t_flip,
         f"= {t_flip / base_a:.2f} x A  (target <= 3); cpu {CPU[id(flip_nosave)]:.2f} s"),
        (f"baseline B  cp of the {size / 1e9:.2f} GB file", base_b, ""),
        (f"flip --target -1 --save (1 file, {sav['verification']['n_probes']} probes)", t_save,
         f"= {t_save / base_b:.2f} x B  (target <= 2); cpu {CPU[id(flip_save)]:.2f} s"),
        ("  phase: one streamed read of the head", t_read, f"= {t_read / base_a:.2f} x A"),
        ("  phase: save step alone (sha256, transform, write)", t_write,
         f"= {t_write / base_b:.2f} x B"),
        ("  floor: flip --target -1 without --save (verify)", t_verify1,
         f"= {t_verify1 / base_b:.2f} x B"),
        ("  floor: sha256 of the head's bytes (hashlib)", t_sha, f"= {t_sha / base_b:.2f} x B"),
    ]
    for label, secs, note in rows:
        print(f"{label:<52} {secs:7.3f} s  {note}")
    print(f"load average after: {load_average()}")
    print(
        f"saved model: cosine {m['cosine']:+.6f}, stored {m['saved_dtype']} cosine "
        f"{m['stored_cosine']:+.6f}, max |dp| float64 {m['max_abs_prob_diff']:.2e}, "
        f"as stored {m['saved_max_abs_prob_diff']:.2e}"
    )
    ok = t_flip <= 3 * base_a and t_save <= 2 * base_b
    if not args.keep:
        shutil.rmtree(args.dir, ignore_errors=True)
    else:
        out.unlink(missing_ok=True)
    print("PASS" if ok else "MISS")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
