# Synthetic rewrite of the shape of NiccoloSicilian/model-merging:scripts/compare_updates.py at cbee26571d40683e6b7588a261c2ecb5dfaf4894 (licence MIT); not the original text.
"""Track how closely a reference task vector matches the task vectors saved along another run."""
import argparse
import math
import re
from pathlib import Path

import torch


def task_vector(base, tuned):
    return {k: tuned[k].float() - base[k].float() for k in base if k in tuned and base[k].is_floating_point()}


def compare(reference, candidate):
    rel_gap, cosines, zscores = {}, {}, {}
    for name, ref in reference.items():
        if name not in candidate:
            continue
        cand = candidate[name]
        rel_gap[name] = ((cand - ref).norm() / cand.norm()).item()
        # each layer's update is flattened to one vector before comparing
        c = torch.nn.functional.cosine_similarity(cand.reshape(1, -1), ref.reshape(1, -1)).item()
        cosines[name] = c
        zscores[name] = c * math.sqrt(cand.numel())
    return rel_gap, cosines, zscores


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", required=True)
    ap.add_argument("--reference", required=True)
    ap.add_argument("--run_dir", required=True)
    ap.add_argument("--out", default="update_similarity.tsv")
    args = ap.parse_args()

    base = torch.load(args.base, map_location="cpu")
    ref_tau = task_vector(base, torch.load(args.reference, map_location="cpu"))
    ckpts = sorted(Path(args.run_dir).glob("step_*.pt"), key=lambda p: int(re.findall(r"\d+", p.stem)[0]))
    with open(args.out, "w") as fh:
        fh.write("step\tmean_rel_gap\tmean_cos\tmean_z\n")
        for ck in ckpts:
            gap, cos, z = compare(ref_tau, task_vector(base, torch.load(ck, map_location="cpu")))
            mean = lambda d: sum(d.values()) / max(len(d), 1)
            fh.write(f"{ck.stem}\t{mean(gap):.6f}\t{mean(cos):.6f}\t{mean(z):.2f}\n")


if __name__ == "__main__":
    main()
