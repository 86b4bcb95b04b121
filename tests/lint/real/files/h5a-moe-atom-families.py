# cosaudit corpus, synthetic file: same shape as Jac-Zac/MoE_Interp/scripts/atom_polysemanticity.py at cb839567ffc34905c5f4479694a018fdf0ccb01e (licence NOASSERTION); new code, no text copied.
"""How many unrelated token directions does an expert mix? Judge it in the readout geometry:
two SOMP atoms count as related when their output-embedding rows point the same way (high cosine)."""

import argparse
import json

import torch

from moe_interp.capture.cache import read_dictionary


def head_rows(model_name, cached=None):
    """row-normalised lm_head (vocab x d), from the cache if we have it"""
    if cached is not None:
        W = read_dictionary(cached).float()
    else:
        from moe_interp.weights import lazy_tensor
        W = lazy_tensor(model_name, "lm_head.weight").float()
    return torch.nn.functional.normalize(W, dim=1)


def participation_ratio(unit_rows):
    gram = unit_rows @ unit_rows.T
    n = unit_rows.shape[0]
    return n**2 / (gram**2).sum().item()


def families(unit_rows, thr=0.4):
    gram = (unit_rows @ unit_rows.T).numpy()
    root = list(range(len(gram)))

    def find(i):
        while root[i] != i:
            root[i] = root[root[i]]
            i = root[i]
        return i

    for i in range(len(gram)):
        for j in range(i + 1, len(gram)):
            if gram[i, j] >= thr:
                root[find(i)] = find(j)
    return len({find(i) for i in range(len(gram))})


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", required=True)
    ap.add_argument("--results", required=True)
    ap.add_argument("--top", type=int, default=30)
    args = ap.parse_args()
    D = head_rows(args.model)
    for line in open(args.results):
        rec = json.loads(line)
        rows = D[torch.tensor(rec["atom_ids"][: args.top])]
        print(rec["layer"], rec["expert"], round(participation_ratio(rows), 2), families(rows))
