# Synthetic rewrite of the shape of jeannineshiu/sequential-rec-from-sasrec-to-tiger:scripts/inspect_semantic_ids.py at 1d30ee2b5669dd46c91573feb8c3abbcab635458 (licence NOASSERTION); not the original text.
"""Do items that share a semantic-ID prefix actually read alike?

Item descriptions were embedded with a sentence encoder and quantised (residual k-means) into
code tuples. Here we compare the mean cosine of two items inside one prefix group with the mean
cosine of two random items.
"""
import json
from pathlib import Path

import numpy as np


def unit(x):
    return x / np.clip(np.linalg.norm(x, axis=1, keepdims=True), 1e-8, None)


def within_prefix_cos(codes, vecs, depth, rng, draws):
    buckets = {}
    for r, c in enumerate(codes):
        buckets.setdefault(tuple(int(t) for t in c[:depth]), []).append(r)
    usable = [b for b in buckets.values() if len(b) > 1]
    if not usable:
        return float("nan")
    vals = []
    for _ in range(draws):
        b = usable[rng.integers(len(usable))]
        a, c = rng.choice(len(b), 2, replace=False)
        vals.append(float(vecs[b[a]] @ vecs[b[c]]))
    return float(np.mean(vals))


def random_cos(vecs, rng, draws):
    a = rng.integers(len(vecs), size=draws)
    b = rng.integers(len(vecs), size=draws)
    ok = a != b
    return float((vecs[a[ok]] * vecs[b[ok]]).sum(1).mean())


def write_report(root: Path, levels: int = 3, seed: int = 0) -> Path:
    codes = np.load(root / "semantic_ids" / "codes.npy")
    text_vecs = unit(np.load(root / "semantic_ids" / "text_embeddings.npy"))  # sentence-encoder vectors
    rng = np.random.default_rng(seed)
    base = random_cos(text_vecs, rng, 10000)
    rows = ["| depth | within-prefix cosine | minus random |", "|---|---|---|"]
    for d in range(1, levels + 1):
        s = within_prefix_cos(codes, text_vecs, d, rng, 10000)
        rows.append(f"| {d} | {s:.3f} | {s - base:+.3f} |")
    out = root / "semantic_id_check.md"
    out.write_text("\n".join(rows) + "\n")
    print(json.dumps({"random_pair_cosine": base}))
    return out
