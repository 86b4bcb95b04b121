# cosaudit corpus, synthetic file: same shape as ydchen0806/ssr-ai-reproducibility/experiments/cub200_taxonomy_topology.py at adb8d668547fe3c3fd214db9a1cb7fce189c27b1 (licence NOASSERTION); new code, no text copied.
"""Continual CUB run ordered by bird taxonomy; reports how the class prototypes sit in the tree."""

import argparse
import json
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F

from experiments import cub200_topology_validation as base


def load_taxonomy(path, n_classes):
    rows = {int(r["class_id"]): r for r in json.loads(Path(path).read_text())["classes"]}
    return [rows[i] for i in range(n_classes)]


def same_group(values, device):
    n = len(values)
    eq = torch.tensor([[values[i] == values[j] for j in range(n)] for i in range(n)], device=device)
    return torch.triu(torch.ones_like(eq), diagonal=1) & eq


def taxonomy_geometry(weights, rows, tasks):
    unit = F.normalize(weights.float(), dim=1)
    cos = unit @ unit.T
    genus = same_group([r["genus"] for r in rows], cos.device)
    family = same_group([r["family"] for r in rows], cos.device)
    order = same_group([r["order"] for r in rows], cos.device)
    upper = torch.triu(torch.ones_like(cos, dtype=torch.bool), diagonal=1)

    def stats(mask):
        vals = cos[mask]
        return {"pairs": int(vals.numel()), "mean_cosine": float(vals.mean()), "mean_abs_cosine": float(vals.abs().mean())}

    nearest = cos.masked_fill(torch.eye(len(rows), dtype=torch.bool), -float("inf")).topk(5, dim=1).indices
    fam = [r["family"] for r in rows]
    purity = np.mean([sum(fam[j] == fam[i] for j in nearest[i].tolist()) / 5 for i in range(len(rows))])
    return {
        "same_genus": stats(genus),
        "same_family_diff_genus": stats(family & ~genus),
        "same_order_diff_family": stats(order & ~family),
        "cross_order": stats(upper & ~order),
        "knn5_family_purity": float(purity),
    }


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--method", required=True)
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--taxonomy-file", required=True)
    p.add_argument("--output-dir", required=True)
    p.add_argument("--num-classes", type=int, default=200)
    args = p.parse_args()
    rows = load_taxonomy(args.taxonomy_file, args.num_classes)
    result = base.run(args)  # trains base.LinearHead, the repository's classifier head
    weights = torch.load(result["classifier_weights"], map_location="cpu")
    result["taxonomy_geometry"] = taxonomy_geometry(weights, rows, result["task_order"])
    (Path(args.output_dir) / "result.json").write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
