# cosaudit corpus, synthetic file: same shape as scottjoyner/llm-geometry/scripts/compute_weight_fingerprints.py at 5298c5c1fde213c3d9247d617c0567d44bb31c57 (licence NOASSERTION); new code, no text copied.
"""Cheap drift fingerprints of model checkpoints from summary statistics of selected tensors."""
import argparse
import re
from pathlib import Path

import numpy as np
import pandas as pd
from safetensors import safe_open
from sklearn.metrics.pairwise import cosine_similarity

KEEP = ("embed_tokens.weight", "lm_head.weight", "q_proj.weight", "v_proj.weight",
        "down_proj.weight", "norm.weight")
LAYER = re.compile(r"layers\.(\d+)\.")


def wanted(name, stride):
    if not name.endswith(KEEP):
        return False
    m = LAYER.search(name)
    return m is None or int(m.group(1)) % stride == 0


def fingerprint(model_dir, stride=4, limit=200, dim=128):
    stats = []
    for shard in sorted(Path(model_dir).glob("*.safetensors")):
        with safe_open(str(shard), framework="np") as f:
            for name in f.keys():
                if not wanted(name, stride):
                    continue
                a = f.get_tensor(name).astype(np.float32).ravel()
                stats += [a.mean(), a.std(), np.sqrt((a * a).mean()), np.abs(a).mean()]
                if len(stats) >= 4 * limit:
                    break
    vec = np.asarray(stats or [0.0])
    proj = np.random.default_rng(7).normal(0, 1 / np.sqrt(len(vec)), (dim, len(vec)))
    return proj @ vec


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("models", nargs="+")
    ap.add_argument("--out", default="weight_drift.csv")
    args = ap.parse_args()
    names = [Path(m).name for m in args.models]
    fps = np.vstack([fingerprint(m) for m in args.models])
    cos = cosine_similarity(fps)
    rows = []
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            rows.append({"a": names[i], "b": names[j], "weight_cosine": float(cos[i, j]),
                         "weight_l2": float(np.linalg.norm(fps[i] - fps[j]))})
    pd.DataFrame(rows).to_csv(args.out, index=False)


if __name__ == "__main__":
    main()
