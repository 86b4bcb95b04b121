# Synthetic rewrite of the shape of EleutherAI/deep-ignorance:analysis/analysis.py at aec9c7842c301b59fee13149240ee911702663da (licence NOASSERTION); not the original text.
"""Compare the token tables of two checkpoints trained on differently filtered corpora."""
import argparse

import matplotlib.pyplot as plt
import torch
from torch.nn.functional import cosine_similarity
from transformers import AutoModelForCausalLM


def table_summary(pair):
    emb = [m.get_input_embeddings().weight.detach().float() for m in pair]
    W_Us = [m.get_output_embeddings().weight.detach().float() for m in pair]

    summary = {}
    summary["dot_in"] = (emb[0] @ emb[1].T).mean().item()
    summary["dot_out"] = (W_Us[0] @ W_Us[1].T).mean().item()
    summary["cos_in"] = cosine_similarity(emb[0], emb[1]).mean().item()
    summary["cos_out"] = cosine_similarity(W_Us[0], W_Us[1]).mean().item()

    # per-token agreement of the output rows, one histogram per table
    for name, (a, b) in {"in": emb, "out": W_Us}.items():
        per_row = cosine_similarity(a, b, dim=-1)
        kept = per_row[per_row > 0].cpu().numpy()
        plt.figure(figsize=(7, 4))
        plt.hist(kept, bins=60)
        plt.title(f"row-by-row cosine, {name} table")
        plt.savefig(f"rowcos_{name}.png")
        plt.close()
    return summary


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--pair", nargs=2, default=["org/base-unfiltered", "org/base-filtered"])
    args = ap.parse_args()
    checkpoints = [AutoModelForCausalLM.from_pretrained(n) for n in args.pair]
    for key, val in table_summary(checkpoints).items():
        print(key, round(val, 4))
