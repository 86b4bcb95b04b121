"""Bytes and time of a Hub `cosaudit inspect` (range reads) against downloading the shard.

A local Hub (tests/hubserver.py, 127.0.0.1) serves a two-shard model whose head sits in a
shard of a few hundred MB beside a large layer. In the same run, with fresh caches each time:

- baseline: `hf_hub_download` of the shard that holds the head (the real client, as cosaudit
  did before issue 13), then nothing else;
- the head read as `inspect` reads it (`open_head(...).matrix()`) by range: config, index, the
  shard's header, the head; again (from cosaudit's cache), and with HF_HUB_OFFLINE=1;
- the whole `cosaudit inspect org/bench --ids 1 2` command once (its time is mostly the
  vocabulary-wide summary, not the transfer).

Bytes are counted by the server (file content sent). Target: by range, only the header and the
head (+ the final norm for the whole command) are fetched, in less time than the download.

Usage: python benchmarks/bench_hub.py [--rows V] [--dim D] [--layer-rows N] [--workdir DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))
from _synth import write_synthetic  # noqa: E402
from hubserver import HubServer, Repo  # noqa: E402

COMMIT = "0123456789abcdef0123456789abcdef01234567"
S1 = "model-00001-of-00002.safetensors"
S2 = "model-00002-of-00002.safetensors"
LOAD = """
from cosaudit.load import open_head
print(open_head("org/bench").matrix().shape)
"""
DOWNLOAD = """
import sys
from huggingface_hub import hf_hub_download
print(hf_hub_download("org/bench", sys.argv[1], revision=sys.argv[2]))
"""


def build(workdir: Path, v: int, d: int, layer_rows: int) -> dict[str, bytes]:
    s1 = write_synthetic(workdir / S1, [("model.embed_tokens.weight", "BF16", (v, d)),
                                        ("model.norm.weight", "F32", (d,))], seed=1)
    s2 = write_synthetic(workdir / S2, [("model.layers.0.mlp.up_proj.weight", "BF16", (layer_rows, d)),
                                        ("lm_head.weight", "BF16", (v, d)),
                                        ("model.layers.1.mlp.up_proj.weight", "BF16", (layer_rows // 4, d))],
                         seed=2)
    weight_map = {"model.embed_tokens.weight": S1, "model.norm.weight": S1, "lm_head.weight": S2,
                  "model.layers.0.mlp.up_proj.weight": S2, "model.layers.1.mlp.up_proj.weight": S2}
    config = {"model_type": "llama", "hidden_size": d, "vocab_size": v, "tie_word_embeddings": False}
    return {
        "config.json": json.dumps(config).encode(),
        "model.safetensors.index.json": json.dumps({"weight_map": weight_map}).encode(),
        S1: s1.read_bytes(),
        S2: s2.read_bytes(),
    }


def run(cmd: list[str], env: dict[str, str]) -> tuple[float, str]:
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"failed: {' '.join(cmd)}\n{proc.stderr[-2000:]}")
    return wall, proc.stdout


def fresh_env(base: Path, name: str, endpoint: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HF_", "COSAUDIT_"))}
    env.update(HF_HOME=str(base / name), HF_ENDPOINT=endpoint, HF_HUB_DISABLE_TELEMETRY="1",
               HF_HUB_DISABLE_PROGRESS_BARS="1", PYTHONPATH=str(HERE.parent))
    return env


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=16000)
    ap.add_argument("--dim", type=int, default=768)
    ap.add_argument("--layer-rows", type=int, default=128000)
    ap.add_argument("--workdir", type=Path, default=None)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(dir=args.workdir) as tmp:
        base = Path(tmp)
        files = build(base, args.rows, args.dim, args.layer_rows)
        head_bytes = args.rows * args.dim * 2
        print(f"shard {S2}: {len(files[S2]) / 2**20:.1f} MiB, head {args.rows} x {args.dim} BF16 "
              f"= {head_bytes / 2**20:.1f} MiB")
        with HubServer({"org/bench": Repo(files, commit=COMMIT)}) as hub:
            rows = []
            env = fresh_env(base, "dl", hub.url)
            wall, _ = run([sys.executable, "-c", DOWNLOAD, S2, COMMIT], env)
            rows.append(("download the shard (hf_hub_download)", wall, hub.bytes_served()))
            env = fresh_env(base, "range", hub.url)
            for label, extra in (("read the head by range (open_head + matrix)", {}),
                                 ("  again, from cosaudit's cache", {}),
                                 ("  again, HF_HUB_OFFLINE=1", {"HF_HUB_OFFLINE": "1"})):
                before = hub.bytes_served()
                wall, _ = run([sys.executable, "-c", LOAD], {**env, **extra})
                rows.append((label, wall, hub.bytes_served() - before))
            before = hub.bytes_served()
            cmd = [sys.executable, "-m", "cosaudit", "inspect", "org/bench", "--ids", "1", "2", "--format", "json"]
            wall, out = run(cmd, fresh_env(base, "cli", hub.url))
            rows.append(("cosaudit inspect --ids 1 2 (whole command)", wall, hub.bytes_served() - before))
            transfer = json.loads(out)["checkpoint"]["transfer"]
        print(f"{'':42s} {'time s':>8s} {'MiB sent':>10s}")
        for label, wall, sent in rows:
            print(f"{label:42s} {wall:8.2f} {sent / 2**20:10.2f}")
        print(f"report: fetched_bytes {transfer['fetched_bytes']} of shard_bytes {transfer['shard_bytes']} "
              f"({100 * transfer['fetched_bytes'] / transfer['shard_bytes']:.1f} %)")
        small = len(files["config.json"]) + len(files["model.safetensors.index.json"])
        norm = 8 + int.from_bytes(files[S1][:8], "little") + 4 * args.dim  # the other shard's header + norm
        ok = (rows[1][2] == transfer["fetched_bytes"] + small and rows[2][2] == rows[3][2] == 0
              and rows[4][2] <= transfer["fetched_bytes"] + small + norm)
        print(f"head by range / shard download: {rows[1][1] / rows[0][1]:.2f}x time, "
              f"{rows[1][2] / rows[0][2]:.3f}x bytes; only header + head (+ norm) fetched: {'yes' if ok else 'NO'}")
        print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")


if __name__ == "__main__":
    main()
