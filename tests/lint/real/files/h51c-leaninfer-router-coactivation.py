# Synthetic rewrite of the shape of hchengit/LeanInfer:profiles/coactivation.py at 5a2f14b8939525001b336dcc21c33bbb9c6163cd (licence NOASSERTION); not the original text.
"""Guess which MoE experts fire together from the similarity of their router rows."""
import argparse
import json

import numpy as np


def router_similarity(gate_w):
    """gate_w: [n_experts, d_model] rows of the softmax router; returns a [0, 1] affinity matrix."""
    gate_norm = gate_w / np.maximum(np.linalg.norm(gate_w, axis=1, keepdims=True), 1e-8)
    C = gate_norm @ gate_norm.T
    C = 0.5 * (C + 1.0)
    np.fill_diagonal(C, 1.0)
    return C


def greedy_groups(C, cut=0.75):
    taken = np.zeros(len(C), dtype=bool)
    groups = []
    for seed in np.argsort(-C.sum(1)):
        if taken[seed]:
            continue
        members = [seed]
        taken[seed] = True
        for cand in np.argsort(-C[seed]):
            if not taken[cand] and all(C[cand, m] >= cut for m in members):
                members.append(cand)
                taken[cand] = True
        groups.append(sorted(int(m) for m in members))
    return groups


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--routers", required=True, help=".npz with one [n_experts, d] array per layer")
    ap.add_argument("--cut", type=float, default=0.75)
    ap.add_argument("--out", default="expert_groups.json")
    opt = ap.parse_args()
    bank = np.load(opt.routers)
    report = {}
    for layer in bank.files:
        C = router_similarity(bank[layer])
        report[layer] = greedy_groups(C, opt.cut)
        print(layer, "groups:", len(report[layer]))
    with open(opt.out, "w") as fh:
        json.dump(report, fh, indent=2)
