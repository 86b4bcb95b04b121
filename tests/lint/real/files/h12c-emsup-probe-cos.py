# cosaudit corpus, synthetic file: same shape as AryaAIP/EM-Superposition/calculate_probe_cosine_similarity.py at 5c09c3d76a52e368a497ff538009fb6fabee239c (licence NOASSERTION); new code, no text copied.
"""Mean pairwise cosine between saved probe vectors (one logistic-regression probe per dataset and layer)."""
import argparse
import json
from pathlib import Path

import numpy as np
import torch


def collect(model_dir: Path):
    """{dataset: {layer: vector}}; each file holds clf.coef_.squeeze(0) of a binary probe."""
    out = {}
    for layer_dir in sorted(p for p in model_dir.iterdir() if p.name.startswith("layer_")):
        layer = int(layer_dir.name.split("_")[1])
        for f in sorted(layer_dir.glob("EM_*.pt")):
            out.setdefault(f.stem, {})[layer] = torch.load(f, map_location="cpu")
    return out


def cos_matrix(vectors: torch.Tensor) -> torch.Tensor:
    unit = torch.nn.functional.normalize(vectors, p=2, dim=1)
    return unit @ unit.T


def off_diagonal_mean(m: torch.Tensor) -> float:
    keep = ~torch.eye(m.shape[0], dtype=torch.bool)
    return m[keep].mean().item()


def by_layer(probes):
    rows = []
    layers = sorted({l for d in probes.values() for l in d})
    for layer in layers:
        vecs = [d[layer] for d in probes.values() if layer in d]
        if len(vecs) < 2:
            continue
        m = cos_matrix(torch.stack(vecs))
        rows.append({"layer": layer, "n": len(vecs), "mean_cos": off_diagonal_mean(m)})
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", required=True)
    ap.add_argument("--out", default="probe_cos.json")
    args = ap.parse_args()
    probes = collect(Path("data/probes") / args.model)
    res = by_layer(probes)
    print("overall mean cosine:", np.mean([r["mean_cos"] for r in res]))
    Path(args.out).write_text(json.dumps(res, indent=2))


if __name__ == "__main__":
    main()
