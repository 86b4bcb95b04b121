# cosaudit corpus, synthetic file: same shape as nikitas-k/text2glioma/scripts/analyse_molecular_head.py at 7066aa4fc74d34a00dd8453a6cb49be9de5b861d (licence MIT); new code, no text copied.
"""Did the molecular conditioning tables move away from their random initialisation?

The module keeps one nn.Embedding(3, hidden) per field (IDH, MGMT); each state is a pseudo-token that
is appended to the frozen report encoding and read by the diffusion model's cross-attention.
"""
import argparse
import json
import math
from pathlib import Path

import torch
import torch.nn.functional as F

from text2glioma.training.molecular_conditioning import MolecularClassConditioning

FIELDS = {"idh": ["wildtype", "mutant", "unknown"], "mgmt": ["unmethylated", "methylated", "unknown"]}


def pairwise_cos(table):
    return F.cosine_similarity(table[:, None, :], table[None, :, :], dim=-1).tolist()


def describe(trained, init):
    return {
        "norms": trained.norm(dim=1).tolist(),
        "init_norms": init.norm(dim=1).tolist(),
        "moved": (trained - init).norm(dim=1).tolist(),
        "cosine": pairwise_cos(trained),
        "init_cosine": pairwise_cos(init),
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ckpt", type=Path, required=True)
    ap.add_argument("--hidden_dim", type=int, default=768)
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--init_std", type=float, default=0.02)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()

    trained = MolecularClassConditioning(hidden_dim=args.hidden_dim, init_std=args.init_std)
    trained.load_state_dict(torch.load(args.ckpt, map_location="cpu"))
    torch.manual_seed(args.seed)
    init = MolecularClassConditioning(hidden_dim=args.hidden_dim, init_std=args.init_std)

    report = {"expected_init_norm": args.init_std * math.sqrt(args.hidden_dim)}
    for field in FIELDS:
        t = getattr(trained, f"{field}_embedding").weight.detach()
        i = getattr(init, f"{field}_embedding").weight.detach()
        report[field] = describe(t, i)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "molecular_head_report.json").write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
